import { expect, test } from '../fixtures';

// Proves the harness: Chromium starts, the server answers at baseURL, the OpenAPI UI renders.
test('the API documentation shows the OpenAPI UI of the designer platform', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('设计师工作台 API');
  await expect(page.getByText('/user/login').first()).toBeVisible();
});
