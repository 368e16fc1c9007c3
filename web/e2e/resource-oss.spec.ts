import { expect, type Page, test } from '@playwright/test';
import { closeDialog, confirmDialog, crudOf, dialog, login, openMenu, pickOption, toast } from './support';

test.describe.configure({ timeout: 120_000 });

const OSS = { menu: ['资源管理', '对象存储'], path: /\/resource\/oss$/ };
const crud = (page: Page) => crudOf(page, 'oss');

async function addOss(page: Page, code: string) {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await form.getByLabel('分类').click();
  await pickOption(page, 'minio');
  await form.getByLabel('资源编号').fill(code);
  await form.getByLabel('资源地址').fill('http://127.0.0.1:9');
  await form.getByLabel('空间名').fill('e2e');
  await form.getByLabel('accessKey').fill('AKIAE2EACCESS1234');
  await form.getByLabel('secretKey').fill('e2e-secret-key-5678');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('新增成功');
}

test('OSS configs: add with masked secrets, edit, enable one at a time, delete', async ({ page }) => {
  await login(page);
  await openMenu(page, OSS.menu, OSS.path);
  await crud(page)
    .button(/新\s*增/)
    .click();
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(dialog(page)).toContainText('请输入资源编号');
  await expect(dialog(page)).toContainText('请输入secretKey');
  await closeDialog(page);

  const stamp = Date.now().toString(36).slice(-6);
  const a = `e2eossa${stamp}`;
  const b = `e2eossb${stamp}`;
  await addOss(page, a);
  await addOss(page, b);
  await crud(page).search('资源编号', `${stamp}`);
  await expect(crud(page).row('e2eoss')).toHaveCount(2);

  // Secrets never come back: the edit dialog shows the masked form; saving it keeps the key.
  await crud(page)
    .row(a)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(dialog(page).getByRole('button', { name: /确\s*定/ })).toBeEnabled();
  await expect(dialog(page).getByLabel('secretKey')).toHaveValue('******');
  await dialog(page).getByLabel('空间名').fill('e2e-edited');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(crud(page).row(a)).toContainText('e2e-edited');
  await expect(page.locator('body')).not.toContainText('e2e-secret-key-5678');

  // Enable a, then b: only one is marked.
  await crud(page)
    .row(a)
    .getByRole('button', { name: /启\s*用/ })
    .click();
  await expect(toast(page)).toContainText('启用成功');
  await expect(crud(page).row(a).locator('[data-enabled]')).toHaveCount(1);
  await expect(
    crud(page)
      .row(a)
      .getByRole('button', { name: /启\s*用/ }),
  ).toHaveCount(0);
  await crud(page)
    .row(b)
    .getByRole('button', { name: /启\s*用/ })
    .click();
  await expect(toast(page)).toContainText('启用成功');
  await expect(crud(page).row(b).locator('[data-enabled]')).toHaveCount(1);
  await expect(crud(page).row(a).locator('[data-enabled]')).toHaveCount(0);
  await expect(crud(page).root.locator('[data-enabled]')).toHaveCount(1);

  for (const box of await crud(page).row('e2eoss').getByRole('checkbox').all()) await box.check();
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row('e2eoss')).toHaveCount(0);
});
