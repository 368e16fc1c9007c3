import { expect, type Page, test } from '@playwright/test';
import {
  batchDelete,
  closeDialog,
  confirmDialog,
  crudOf,
  dialog,
  dialogLoaded,
  login,
  openMenu,
  PACKAGES,
  toast,
  uniqueName,
} from './support';

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, PACKAGES.menu, PACKAGES.path);
  await expect(crudOf(page, 'tenantpackage').root.locator('.ant-table')).toBeVisible();
});

const crud = (page: Page) => crudOf(page, 'tenantpackage');

/** Ticks a node of the menu tree in the open dialog by its title. */
async function tick(page: Page, title: string) {
  await dialog(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
}

async function addPackage(page: Page, name: string) {
  await crud(page)
    .button(/新\s*增/)
    .click();
  await dialog(page).getByLabel('产品包名称').fill(name);
  await tick(page, '工作台');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
}

test('add with the required messages, search, edit and delete a package; there is no view button', async ({
  page,
}) => {
  await crud(page)
    .button(/新\s*增/)
    .click();
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(dialog(page)).toContainText('请输入产品包名称');
  await expect(dialog(page)).toContainText('请选择菜单');
  await closeDialog(page);

  const name = uniqueName('e2e产品包');
  await addPackage(page, name);
  await crud(page).search('产品包名称', name);
  await expect(crud(page).row(name)).toHaveCount(1);
  await expect(crud(page).row(name)).toContainText(/\d+ 个菜单/);
  await expect(crud(page).root.getByRole('button', { name: /查\s*看/ })).toHaveCount(0);

  const edited = `${name}-改`;
  await crud(page)
    .row(name)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('产品包名称')).toHaveValue(name);
  await expect(dialog(page).locator('.ant-tree-checkbox-checked').first()).toBeVisible();
  await dialog(page).getByLabel('产品包名称').fill(edited);
  await tick(page, '系统管理');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('更新成功');
  await crud(page).search('产品包名称', edited);
  await expect(crud(page).row(edited)).toHaveCount(1);

  await crud(page)
    .row(edited)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(edited)).toHaveCount(0);
});

test('batch delete needs a selection, then removes the selected packages', async ({ page }) => {
  const prefix = uniqueName('e2e批量包');
  await addPackage(page, `${prefix}-a`);
  await addPackage(page, `${prefix}-b`);
  await batchDelete(page, crud(page), '产品包名称', prefix);
});
