import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { axe } from '../axe';
import { authHeaders, expect, INTEGRATION_API_KEY, okData, test } from '../fixtures';

/** Issue #17: the template library (模板库), 「从模板开始」 in a draft, uploads, publishing and share links. */

interface TemplateItem {
  template_id: number;
  title: string;
}
interface TemplateDetail extends TemplateItem {
  sources: { name: string }[];
}

const LIBRARY = '/#/template-library/index';
const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A real PNG (solid colour) the server's image library can read. */
function png(width = 32, height = 24): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'0'.repeat(64 * 1024)}\n%%EOF\n`);

/** Uploads a file through the signed upload (source template), as the browser does, and returns its key. */
async function uploadTemplateFile(api: APIRequestContext, token: string, name: string, buffer: Buffer, mimeType: string): Promise<string> {
  const sig = await okData<{ policy: string; signature: string; x_oss_credential: string; x_oss_date: string; dir: string; security_token: string; host: string }>(
    await api.get('/api/oss/get-signature', { params: { source: 'template' }, headers: authHeaders(token) }),
  );
  const key = sig.dir + name;
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    key,
    policy: sig.policy,
    'x-oss-signature-version': 'OSS4-HMAC-SHA256',
    'x-oss-credential': sig.x_oss_credential,
    'x-oss-date': sig.x_oss_date,
    'x-oss-signature': sig.signature,
  };
  if (sig.security_token) multipart['x-oss-security-token'] = sig.security_token;
  multipart.file = { name, mimeType, buffer };
  const res = await api.post(sig.host, { multipart });
  expect(res.ok(), `upload ${name}: ${res.status()} ${await res.text()}`).toBe(true);
  return key;
}

/** A template of the test's own, made through the API (private until a lead publishes it). */
async function createTemplate(api: APIRequestContext, token: string, title: string, previewCount = 1): Promise<TemplateDetail> {
  const previews: { key: string }[] = [];
  for (let i = 1; i <= previewCount; i++) previews.push({ key: await uploadTemplateFile(api, token, `e2e-预览${i}.png`, png(32 + i * 8, 24), 'image/png') });
  const source = await uploadTemplateFile(api, token, 'e2e-源文件.pdf', pdf(title), 'application/pdf');
  return okData<TemplateDetail>(
    await api.post('/api/templates', {
      headers: authHeaders(token),
      data: { title, category: '海报', description: 'E2E 测试模板', tags: ['e2e'], product_ids: [], previews, sources: [{ key: source }] },
    }),
  );
}

/** The upstream order system creates a ticket; the system gives it to the demo designer (see e2e/tickets). */
async function createOrder(api: APIRequestContext, orderNo: string) {
  const data = await okData<{ ticket: { ticket_id: number; designer_id: string | null } }>(
    await api.post('/api/integration/orders', {
      headers: { 'x-api-key': INTEGRATION_API_KEY },
      data: { order_no: orderNo, shop_id: 2, product_id: 1, title: `名片设计｜E2E｜${orderNo}`, requirements: '用模板起稿', customer_notes: '', allowed_minutes: 240, fee_cents: 5000 },
    }),
  );
  return data.ticket;
}

const grid = (page: Page) => page.getByRole('list', { name: '模板列表' });
const cards = (page: Page) => grid(page).getByRole('article');

test.describe('template library', () => {
  test('a designer searches a Chinese partial word, filters, opens a template and starts a ticket draft from it', async ({ api, designerPage: page, demoSession }) => {
    test.slow();
    const designer = await demoSession('designer');
    const me = await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(designer.token) }));

    await page.goto(LIBRARY);
    await expect(cards(page).first()).toBeVisible();
    const totalOf = async () => Number(/共 (\d+) 个模板/.exec(await page.getByTestId('template-total').innerText())?.[1] ?? NaN);
    await expect(page.getByTestId('template-total')).toHaveText(/共 \d+ 个模板/);
    const everything = await totalOf();
    // Search as you type: 「名片」 finds 「…名片模板」 (titles and tags match); the search goes into the URL.
    await page.getByRole('textbox', { name: '搜索' }).fill('名片');
    await expect(page).toHaveURL(/q=%E5%90%8D%E7%89%87|q=名片/);
    await expect.poll(totalOf).toBeLessThan(everything);
    const titles = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(titles.filter((t) => /.+名片模板$/.test(t)).length).toBeGreaterThan(0);
    // Filter: category and sort, in the URL; the back button undoes the last filter.
    await page.getByRole('combobox', { name: '分类' }).click();
    await page.getByRole('option', { name: '名片', exact: true }).click();
    await expect(page).toHaveURL(/category=/);
    await page.getByRole('combobox', { name: '排序' }).click();
    await page.getByRole('option', { name: '最常用' }).click();
    await expect(page).toHaveURL(/sort=most_used/);
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=most_used/);
    await expect(page).toHaveURL(/category=/);

    // Open the first card: the detail is in the URL, with large previews and its files.
    const first = cards(page).first();
    const title = (await first.getAttribute('aria-label'))!;
    await first.getByRole('button', { name: `查看模板 ${title}` }).click();
    await expect(page).toHaveURL(/id=\d+/);
    const drawer = page.getByRole('dialog', { name: '模板详情' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await expect(drawer.getByTestId('template-preview-large')).toBeVisible();
    await expect(drawer.getByRole('table', { name: '源文件' })).toContainText('PDF');
    const id = Number(new URL(page.url().replace('/#/', '/')).searchParams.get('id'));
    const detail = await okData<TemplateDetail>(await api.get(`/api/templates/${id}`, { headers: authHeaders(designer.token) }));
    const sourceName = detail.sources[0]!.name;

    // A ticket of the designer's own; its draft dialog starts from the template.
    const no = unique('E2ETPL');
    const ticket = await createOrder(api, no);
    expect(ticket.designer_id).toBe(me.designer_id);
    await page.goto(`/#/order-management/index?ticket=${ticket.ticket_id}`);
    const ticketDrawer = page.getByRole('dialog', { name: `工单 ${no}` });
    await ticketDrawer.getByRole('button', { name: '上传初稿' }).click();
    const modal = page.getByRole('dialog', { name: '上传初稿' });
    await modal.getByRole('button', { name: '从模板开始' }).click();
    const picker = page.getByRole('dialog', { name: '从模板开始' });
    await picker.getByRole('textbox', { name: '搜索模板' }).fill(title);
    await picker.getByRole('button', { name: `使用模板 ${title}` }).first().click();
    await expect(picker).toBeHidden();
    const files = modal.getByRole('list', { name: '已选文件' });
    await expect(files.getByRole('listitem', { name: sourceName })).toContainText('已上传');
    await modal.getByRole('button', { name: '确认提交初稿' }).click();
    await expect(modal).toBeHidden();
    await expect(ticketDrawer.getByRole('list', { name: '稿件列表' })).toContainText(sourceName);
  });

  test('「用于工单」 on a template copies its files into the chosen ticket’s draft', async ({ api, demoSession, designerPage: page }) => {
    test.slow();
    const designer = await demoSession('designer');
    const template = await createTemplate(api, designer.token, unique('E2E用于工单'));
    const no = unique('E2EUSE');
    const ticket = await createOrder(api, no);
    await page.goto(`${LIBRARY}?scope=mine&id=${template.template_id}`);
    const drawer = page.getByRole('dialog', { name: '模板详情' });
    await expect(drawer).toContainText('使用次数0 次');
    await drawer.getByRole('button', { name: '用于工单' }).click();
    const pick = page.getByRole('dialog', { name: `用于工单：${template.title}` });
    await pick.getByRole('textbox', { name: '搜索工单' }).fill(no);
    await pick.getByRole('radio', { name: new RegExp(no) }).check();
    await pick.getByRole('button', { name: '复制到稿件' }).click();
    const modal = page.getByRole('dialog', { name: '上传初稿' });
    await expect(modal.getByRole('list', { name: '已选文件' }).getByRole('listitem', { name: 'e2e-源文件.pdf' })).toContainText('已上传');
    await modal.getByRole('button', { name: '确认提交初稿' }).click();
    await expect(modal).toBeHidden();
    await expect(drawer).toContainText('使用次数1 次');
    const detail = await okData<{ drafts: { files: string[] }[] }>(await api.get(`/api/tickets/${ticket.ticket_id}`, { headers: authHeaders(designer.token) }));
    expect(detail.drafts).toHaveLength(1);
    expect(detail.drafts[0]!.files[0]).toMatch(/^draft\/.+\/e2e-源文件\.pdf$/);
  });

  test('a designer uploads a template with progress; a lead publishes it and another designer finds it', async ({ designerPage: page, leadPage, partTimePage }) => {
    test.slow();
    const title = unique('E2E上传模板');
    await page.goto(LIBRARY);
    await page.getByRole('button', { name: '上传模板' }).click();
    const modal = page.getByRole('dialog', { name: '上传模板' });
    // Errors first: nothing filled in.
    await modal.getByRole('button', { name: '提交' }).click();
    await expect(modal.getByText('请填写模板标题')).toBeVisible();
    await expect(modal.getByText('请上传至少一张预览图')).toBeVisible();

    await modal.getByRole('textbox', { name: '模板标题' }).fill(title);
    await modal.getByRole('combobox', { name: '分类' }).click();
    await page.getByRole('option', { name: '海报', exact: true }).click();
    await modal.getByRole('combobox', { name: '标签' }).fill('e2e');
    await modal.getByRole('combobox', { name: '标签' }).press('Enter');
    // The store holds the answer back a moment, so the progress shows.
    await page.route('**/oss', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1_200));
      await route.continue();
    });
    const inputs = modal.locator('input[type="file"]');
    const previews = modal.getByRole('list', { name: '预览图' });
    // A "PNG" that is no image: the store takes it, the server refuses it (422) under 预览图.
    await inputs.nth(0).setInputFiles({ name: 'e2e-坏图.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await inputs.nth(1).setInputFiles({ name: 'e2e-源文件.pdf', mimeType: 'application/pdf', buffer: pdf(title) });
    const task = modal.getByRole('list', { name: '上传任务列表' }).getByRole('listitem', { name: 'e2e-源文件.pdf' });
    await expect(task).toContainText(/上传中 \d+%/);
    await expect(modal.getByRole('list', { name: '源文件' }).getByRole('listitem', { name: 'e2e-源文件.pdf' })).toContainText('已上传', { timeout: 15_000 });
    await expect(previews.getByRole('listitem', { name: 'e2e-坏图.png' })).toContainText('已上传');
    await modal.getByRole('button', { name: '提交' }).click();
    await expect(modal.locator('.mantine-InputWrapper-error', { hasText: '预览图必须是JPG、PNG、WebP或GIF图片' })).toBeVisible();
    await previews.getByRole('button', { name: '移除 e2e-坏图.png' }).click();
    await inputs.nth(0).setInputFiles({ name: 'e2e-封面.png', mimeType: 'image/png', buffer: png(64, 48) });
    await expect(previews.getByRole('listitem', { name: 'e2e-封面.png' })).toContainText('已上传', { timeout: 15_000 });
    await modal.getByRole('button', { name: '提交' }).click();
    await expect(modal).toBeHidden();
    const drawer = page.getByRole('dialog', { name: '模板详情' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await expect(drawer).toContainText('未发布');
    await expect(page).toHaveURL(/scope=mine/);
    const id = new URL(page.url().replace('/#/', '/')).searchParams.get('id');

    // Another designer does not find it while it is private.
    await partTimePage.goto(`${LIBRARY}?q=${encodeURIComponent(title)}`);
    await expect(partTimePage.getByText('没有符合条件的模板')).toBeVisible();

    // The lead sees it awaiting publication and publishes it.
    await leadPage.goto(`${LIBRARY}?status=private&id=${id}`);
    const leadDrawer = leadPage.getByRole('dialog', { name: '模板详情' });
    await expect(leadDrawer.getByRole('heading', { name: title })).toBeVisible();
    await leadDrawer.getByRole('button', { name: '发布到团队' }).click();
    await expect(leadDrawer.getByRole('button', { name: '取消发布' })).toBeVisible();

    // Now the other designer finds it by a part of its title.
    await partTimePage.reload();
    await expect(cards(partTimePage)).toHaveCount(1);
    await expect(cards(partTimePage).first()).toHaveAttribute('aria-label', title);
  });

  test('a share link opens without login (also on a phone) and stops working once revoked', async ({ api, browser, baseURL, demoSession, designerPage: page }) => {
    test.slow();
    const designer = await demoSession('designer');
    const title = unique('E2E分享模板');
    const template = await createTemplate(api, designer.token, title);

    // The owner creates a link that allows downloading and copies it.
    await page.goto(`${LIBRARY}?scope=mine&id=${template.template_id}`);
    const drawer = page.getByRole('dialog', { name: '模板详情' });
    await drawer.getByRole('checkbox', { name: '允许下载源文件' }).check();
    await drawer.getByRole('button', { name: '生成分享链接' }).click();
    const link = (await drawer.getByTestId('created-share-link').innerText()).trim();
    expect(link).toMatch(/#\/template-share\?token=[A-Za-z0-9_-]+$/);

    // A fresh browser, no session, a phone's width.
    const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await visitor.newPage();
    const calls: string[] = [];
    phone.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(`${r.url()} ${r.headers().authorization ? 'with token' : ''}`);
    });
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: title })).toBeVisible();
    await expect(phone.getByRole('region', { name: '预览图' }).getByRole('img')).toHaveCount(1);
    await expect(phone.getByRole('button', { name: '下载 e2e-源文件.pdf' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(calls.filter((c) => c.includes('with token'))).toEqual([]);

    // Revoked (asked first): the same link now says so.
    const row = drawer.getByRole('table', { name: '分享链接' }).getByRole('row').filter({ hasText: '有效' });
    await row.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('dialog', { name: '撤销分享链接' }).getByRole('button', { name: '确定撤销' }).click();
    await expect(drawer.getByRole('table', { name: '分享链接' })).toContainText('已撤销');
    await phone.reload();
    await expect(phone.getByRole('heading', { name: '分享链接已被撤销' })).toBeVisible();
    await expect(phone.getByText(title)).toHaveCount(0);

    // A link nobody made.
    await phone.goto('/#/template-share?token=forged-token-000000000000');
    await expect(phone.getByRole('heading', { name: '分享链接不存在' })).toBeVisible();
    await visitor.close();

    // The owner edits the template (its files stay) and then deletes it, asked first.
    await drawer.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑模板' });
    await expect(edit.getByRole('list', { name: '源文件' }).getByRole('listitem', { name: 'e2e-源文件.pdf' })).toContainText('已上传');
    await edit.getByRole('textbox', { name: '模板标题' }).fill(`${title}改`);
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit).toBeHidden();
    await expect(drawer.getByRole('heading', { name: `${title}改` })).toBeVisible();
    await expect(drawer.getByRole('table', { name: '源文件' })).toContainText('e2e-源文件.pdf');
    await drawer.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '删除模板' }).getByRole('button', { name: '确定删除' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/id=/);
    expect((await api.get(`/api/templates/${template.template_id}`, { headers: authHeaders(designer.token) })).status()).toBe(404);
  });

  test('the detail’s large previews move with the arrow keys and buttons, and zoom', async ({ api, demoSession, designerPage: page }) => {
    const designer = await demoSession('designer');
    const template = await createTemplate(api, designer.token, unique('E2E多图模板'), 2);
    await page.goto(`${LIBRARY}?scope=mine&id=${template.template_id}`);
    const viewer = page.getByRole('dialog', { name: '模板详情' }).getByRole('region', { name: '预览图' });
    const large = viewer.getByTestId('template-preview-large');
    await expect(viewer).toContainText('第 1 / 2 张');
    await expect(large).toHaveAttribute('alt', /预览图 1$/);
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('第 2 / 2 张');
    await expect(large).toHaveAttribute('alt', /预览图 2$/);
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('第 1 / 2 张');
    await viewer.getByRole('button', { name: '上一张' }).click();
    await expect(viewer).toContainText('第 2 / 2 张');
    await viewer.getByRole('button', { name: '放大' }).click();
    await expect(viewer.getByRole('button', { name: '还原' })).toHaveAttribute('aria-pressed', 'true');
    await okData(await api.post(`/api/templates/${template.template_id}/delete`, { headers: authHeaders(designer.token) }));
  });

  test('the demo share link opens the shared template without login', async ({ browser, baseURL }) => {
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto('/#/template-share?token=demo-template-share-2026');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: '预览图' }).getByRole('img').first()).toBeVisible();
    await visitor.close();
  });

  test('the library, a detail and the share page have no serious or critical accessibility violation', async ({ designerPage: page, browser, baseURL }) => {
    const serious = async (p: Page) =>
      (await axe(p).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    await page.goto(LIBRARY);
    await expect(cards(page).first()).toBeVisible();
    expect(await serious(page)).toEqual([]);
    await cards(page).first().getByRole('button').first().click();
    await expect(page.getByRole('dialog', { name: '模板详情' }).getByTestId('template-preview-large')).toBeVisible();
    expect(await serious(page)).toEqual([]);
    const visitor = await browser.newContext({ baseURL });
    const share = await visitor.newPage();
    await share.goto('/#/template-share?token=demo-template-share-2026');
    await expect(share.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await serious(share)).toEqual([]);
    await visitor.close();
  });
});
