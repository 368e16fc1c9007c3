import { expect, type Page, test } from '@playwright/test';
import { confirmDialog, crudOf, dialog, login, openMenu, toast } from './support';

test.describe.configure({ timeout: 120_000 });

const SMS = { menu: ['资源管理', '短信配置'], path: /\/resource\/sms$/ };
const crud = (page: Page) => crudOf(page, 'sms');

async function addSms(page: Page, code: string) {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await expect(form.getByLabel('分类')).toBeVisible();
  await form.getByLabel('资源编号').fill(code);
  await form.getByLabel('模版ID').fill('TPL_E2E');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('新增成功');
}

test('SMS configs: add, enable, send a test message through the log provider, delete', async ({ page }) => {
  await login(page);
  await openMenu(page, SMS.menu, SMS.path);
  const stamp = Date.now().toString(36).slice(-6);
  const a = `e2esmsa${stamp}`;
  const b = `e2esmsb${stamp}`;
  await addSms(page, a);
  await addSms(page, b);
  await crud(page).search('资源编号', stamp);
  await expect(crud(page).row('e2esms')).toHaveCount(2);
  await expect(crud(page).row(a)).toContainText('log');

  await crud(page)
    .row(a)
    .getByRole('button', { name: /启\s*用/ })
    .click();
  await expect(toast(page)).toContainText('启用成功');
  await expect(crud(page).row(a).locator('[data-enabled]')).toHaveCount(1);
  await crud(page)
    .row(b)
    .getByRole('button', { name: /启\s*用/ })
    .click();
  await expect(crud(page).row(b).locator('[data-enabled]')).toHaveCount(1);
  await expect(crud(page).row(a).locator('[data-enabled]')).toHaveCount(0);

  // The test message: client checks first, then the server's answer.
  await crud(page)
    .row(a)
    .getByRole('button', { name: /发\s*送/ })
    .click();
  const form = dialog(page);
  await form.getByLabel('短信参数').fill('[1]');
  await form.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(form).toContainText('请输入手机号');
  await expect(form).toContainText('短信参数须为 JSON 对象');
  await form.getByLabel('手机号').fill('13800000000,123');
  await expect(form).toContainText('手机号格式不正确: 123');
  await form.getByLabel('手机号').fill('13800000000, 13900000000');
  await form.getByLabel('短信参数').fill('{"code": "4321"}');
  await form.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page)).toContainText('发送成功');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  for (const box of await crud(page).row('e2esms').getByRole('checkbox').all()) await box.check();
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row('e2esms')).toHaveCount(0);
});
