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
  toast,
  uniqueName,
} from './support';

const ROLES = { menu: ['系统管理', '角色管理'], path: /\/system\/role$/ };

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, ROLES.menu, ROLES.path);
  await expect(crud(page).root.locator('.ant-table')).toBeVisible();
});

const crud = (page: Page) => crudOf(page, 'role');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

async function addRole(page: Page, name: string, alias: string) {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await dialog(page).getByLabel('角色名称').fill(name);
  await dialog(page).getByLabel('角色别名').fill(alias);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
}

async function remove(page: Page, name: string) {
  await crud(page)
    .row(name)
    .getByRole('button', { name: /^删\s*除$/ })
    .first()
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
}

test('add, search, view, edit, add a child and delete roles', async ({ page }) => {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入角色名称');
  await expect(dialog(page)).toContainText('请输入角色别名');
  await closeDialog(page);

  const name = uniqueName('e2e角色');
  const alias = `e2e_${Date.now().toString(36)}`;
  await addRole(page, name, alias);
  await crud(page).search('角色名称', name);
  await expect(crud(page).row(name)).toHaveCount(1);
  await expect(crud(page).row(name)).toContainText(alias);

  await crud(page)
    .row(name)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(dialog(page).getByLabel('角色别名')).toHaveValue(alias);
  await closeDialog(page);

  const edited = `${name}改`;
  await crud(page)
    .row(name)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('角色名称')).toHaveValue(name);
  await dialog(page).getByLabel('角色名称').fill(edited);
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');

  // Duplicate alias: the server's message, the dialog stays open.
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await dialog(page).getByLabel('角色名称').fill('重复别名');
  await dialog(page).getByLabel('角色别名').fill(alias);
  await ok(page).click();
  await expect(toast(page)).toContainText('角色别名已存在');
  await expect(dialog(page)).toBeVisible();
  await closeDialog(page);

  // A child under the role: the parent is filled in.
  await crud(page).search('角色名称', '');
  await crud(page)
    .row(edited)
    .getByRole('button', { name: /新增子项/ })
    .click();
  await expect(dialog(page).locator('.ant-select-content')).toContainText(edited);
  const child = `${edited}子`;
  await dialog(page).getByLabel('角色名称').fill(child);
  await dialog(page).getByLabel('角色别名').fill(`${alias}_c`);
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  const parentRow = crud(page).row(edited).first();
  await parentRow.locator('.ant-table-row-expand-icon').click();
  await expect(crud(page).row(child)).toHaveCount(1);

  // The parent cannot go while it has a child (server message).
  await remove(page, edited);
  await expect(toast(page)).toContainText('请先删除子节点!');
  await remove(page, child);
  await expect(toast(page)).toContainText('删除成功');
  await remove(page, edited);
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(edited)).toHaveCount(0);
});

test('batch delete needs a selection, then removes the selected roles', async ({ page }) => {
  const prefix = uniqueName('e2e批量角色');
  const stamp = Date.now().toString(36);
  await addRole(page, `${prefix}-a`, `ba_${stamp}`);
  await addRole(page, `${prefix}-b`, `bb_${stamp}`);
  await batchDelete(page, crud(page), '角色名称', prefix);
});

test('grant a menu to a new role; reopened, it is checked; function permissions', async ({ page }) => {
  const name = uniqueName('e2e授权角色');
  await addRole(page, name, `g_${Date.now().toString(36)}`);
  await crud(page)
    .button(/权限设置/)
    .click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await crud(page).search('角色名称', name);
  await crud(page).row(name).getByRole('checkbox').check();
  await crud(page)
    .button(/权限设置/)
    .click();
  const grant = dialog(page);
  await expect(grant).toContainText('角色权限配置');
  await expect(grant.getByRole('tab', { name: '数据权限' })).toBeVisible();
  await expect(grant.getByRole('tab', { name: '接口权限' })).toBeVisible();
  const desk = grant
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle('工作台', { exact: true }) });
  await expect(desk.first()).toBeVisible();
  await expect(desk.first().locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  await desk.first().locator('.ant-tree-checkbox').click();
  await grant.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('操作成功');
  await expect(grant).toBeHidden();

  await crud(page).row(name).getByRole('checkbox').check();
  await crud(page)
    .button(/权限设置/)
    .click();
  const again = dialog(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle('工作台', { exact: true }) })
    .first();
  await expect(again.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await closeDialog(page);

  await crud(page)
    .row(name)
    .getByRole('button', { name: /功能权限/ })
    .click();
  const fn = dialog(page);
  await fn.getByRole('button', { name: '添加功能' }).click();
  await expect(fn).toContainText('请输入功能编码');
  await fn.getByLabel('功能编码').fill('report_export');
  await fn.getByLabel('功能名称').fill('报表导出');
  await fn.getByRole('button', { name: '添加功能' }).click();
  await expect(toast(page)).toContainText('新增成功');
  const fnRow = fn.locator('.ant-table-row').filter({ hasText: 'report_export' });
  await expect(fnRow.getByRole('switch')).toBeChecked();
  await fnRow.getByRole('switch').click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(fnRow.getByRole('switch')).not.toBeChecked();
  await fn.getByLabel('功能编码').fill('report_export');
  await fn.getByRole('button', { name: '添加功能' }).click();
  await expect(toast(page)).toContainText('该功能权限已存在');
  await closeDialog(page);

  await remove(page, name);
  await expect(toast(page)).toContainText('删除成功');
});
