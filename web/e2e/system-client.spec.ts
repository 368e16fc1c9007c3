import { expect, type Page, test } from '@playwright/test';
import { closeDialog, confirmDialog, crudOf, dialog, dialogLoaded, login, openMenu, toast } from './support';

const CLIENTS = { menu: ['系统管理', '应用管理'], path: /\/system\/client$/ };

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, CLIENTS.menu, CLIENTS.path);
  await expect(crud(page).row('plantdesk')).toHaveCount(1);
});

const crud = (page: Page) => crudOf(page, 'client');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const clientId = (tag: string) => `e2e${tag}${Date.now().toString(36)}`;

/** Adds a client; answers the secret the one-time dialog showed. */
async function addClient(page: Page, id: string, secret = '') {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await dialog(page).getByLabel('客户端ID').fill(id);
  if (secret) await dialog(page).getByLabel('客户端密钥').fill(secret);
  await dialog(page).getByLabel('回调地址').fill('https://example.com/callback');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  const shown = page.getByRole('dialog').filter({ hasText: '客户端已创建' });
  await expect(shown).toContainText(id);
  const value = await shown.getByLabel('客户端密钥').inputValue();
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();
  return value;
}

test('add shows the secret once; lists and forms mask it; edit keeps it; delete', async ({ page }) => {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await dialog(page).getByLabel('授权范围').fill('');
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入客户端ID');
  await expect(dialog(page)).toContainText('请输入授权范围');
  await closeDialog(page);

  const id = clientId('c');
  const secret = await addClient(page, id);
  expect(secret.length).toBeGreaterThanOrEqual(20);
  expect(secret).not.toBe('******');

  await crud(page).search('客户端ID', id);
  const row = crud(page).row(id);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('******');
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText('https://example.com/callback');

  await row.getByRole('button', { name: /查\s*看/ }).click();
  await expect(dialog(page).getByLabel('客户端ID')).toHaveValue(id);
  await expect(dialog(page)).not.toContainText(secret);
  await closeDialog(page);

  await crud(page)
    .row(id)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('客户端密钥')).toHaveValue('******');
  await dialog(page).getByLabel('令牌时效(秒)').fill('7200');
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(crud(page).row(id)).toContainText('7200');

  // Duplicate client id: the server's message; the dialog stays open.
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await dialog(page).getByLabel('客户端ID').fill(id);
  await ok(page).click();
  await expect(toast(page)).toContainText('客户端ID已存在');
  await expect(dialog(page)).toBeVisible();
  await closeDialog(page);

  await crud(page)
    .row(id)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(id)).toHaveCount(0);
});

test('a typed secret is the one shown once; batch delete', async ({ page }) => {
  const a = clientId('a');
  const b = clientId('b');
  expect(await addClient(page, a, 'my-own-secret-123')).toBe('my-own-secret-123');
  await addClient(page, b);
  await crud(page)
    .button(/批量删除/)
    .click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await crud(page).search('客户端ID', 'e2e');
  for (const id of [a, b]) await crud(page).row(id).getByRole('checkbox').check();
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(a)).toHaveCount(0);
  await expect(crud(page).row(b)).toHaveCount(0);
});
