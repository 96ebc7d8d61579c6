import { expect, test } from '../fixtures';

// Proves the harness: Chromium starts, the server answers at baseURL, the OpenAPI UI renders.
test('the API documentation shows the OpenAPI UI of the designer platform', async ({ page }) => {
  // Swagger UI is ~1.5 MB of script plus the whole OpenAPI document: under CI's parallel load it
  // has taken longer than the default 10 s to render. This test is about what renders, not how fast.
  test.slow();
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('设计师工作台 API', { timeout: 30_000 });
  await expect(page.getByText('/user/login').first()).toBeVisible();
});
