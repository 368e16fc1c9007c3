import { expect, type Page, test } from '@playwright/test';
import {
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

const TOPMENUS = { menu: ['系统管理', '顶部菜单'], path: /\/system\/topmenu$/ };

const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const header = (page: Page) => page.locator('.pd-top-menu');
const sider = (page: Page) => page.locator('.pd-sider');

async function tick(page: Page, title: string) {
  await dialog(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
}

test('top menus: add, search, view, edit, menu settings narrow the sidebar, batch delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await openMenu(page, TOPMENUS.menu, TOPMENUS.path);
  const crud = crudOf(page, 'topmenu');
  await expect(crud.root.locator('.ant-table')).toBeVisible();

  await crud.root
    .locator('.pd-crud-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入顶部菜单编号');
  await expect(dialog(page)).toContainText('请输入顶部菜单名称');
  const name = uniqueName('e2e顶部');
  const code = `top${Date.now().toString(36)}`;
  await dialog(page).getByLabel('菜单编号').fill(code);
  await dialog(page).getByLabel('菜单名称').fill(name);
  await dialog(page).getByRole('button', { name: '选择图标' }).click();
  await page.getByRole('dialog', { name: '选择图标' }).getByLabel('搜索图标').fill('dashboard');
  await page.getByRole('option', { name: 'DashboardOutlined' }).click();
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  // The header shows the new top menu at once.
  await expect(header(page).getByRole('menuitem', { name })).toBeVisible();

  await crud.search('菜单名称', name);
  const row = crud.row(name);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /查\s*看/ }).click();
  await expect(dialog(page).getByLabel('菜单编号')).toHaveValue(code);
  await expect(dialog(page).getByLabel('菜单图标')).toHaveValue('DashboardOutlined');
  await closeDialog(page);
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await dialogLoaded(page);
  await dialog(page).getByLabel('路由地址').fill('/desk/notice');
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await expect(row).toContainText('/desk/notice');

  // 菜单配置: attach the workbench (with its notices) to the top menu.
  await crud.button(/菜单配置/).click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await row.getByRole('checkbox').check();
  await crud.button(/菜单配置/).click();
  await expect(dialog(page)).toContainText(`菜单配置: ${name}`);
  await tick(page, '工作台');
  await ok(page).click();
  await expect(toast(page)).toContainText('配置成功');
  await row.getByRole('checkbox').check();
  await crud.button(/菜单配置/).click();
  const desk = dialog(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle('工作台', { exact: true }) });
  await expect(desk.first().locator('.ant-tree-checkbox-checked')).toBeVisible();
  await closeDialog(page);

  // Clicking the top menu narrows the sidebar to its menus; home brings every menu back.
  await header(page).getByRole('menuitem', { name }).click();
  await expect(sider(page).getByRole('menuitem', { name: '工作台' })).toBeVisible();
  await expect(sider(page).getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);
  await header(page).getByRole('menuitem', { name: '首页' }).click();
  await expect(sider(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();

  await openMenu(page, TOPMENUS.menu, TOPMENUS.path);
  await crud.search('菜单名称', name);
  await row.getByRole('checkbox').check();
  await crud.button(/批量删除/).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(row).toHaveCount(0);
  await expect(header(page).getByRole('menuitem', { name })).toHaveCount(0);
});
