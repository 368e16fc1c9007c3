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
  pickOption,
  toast,
  uniqueName,
} from './support';

const DEPTS = { menu: ['系统管理', '部门管理'], path: /\/system\/dept$/ };

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, DEPTS.menu, DEPTS.path);
  await expect(crud(page).root.locator('.ant-table')).toBeVisible();
});

const crud = (page: Page) => crudOf(page, 'dept');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

async function fillDept(page: Page, name: string) {
  await dialog(page).getByLabel('部门名称').fill(name);
  await dialog(page).getByLabel('部门全称').fill(`${name}全称`);
  await dialog(page).getByLabel('部门类型').click();
  await pickOption(page, '部门');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
}

async function addDept(page: Page, name: string) {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await fillDept(page, name);
}

async function remove(page: Page, name: string) {
  await crud(page)
    .row(name)
    .first()
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
}

test('add, search, view, edit, add a child and delete departments', async ({ page }) => {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入部门名称');
  await expect(dialog(page)).toContainText('请输入部门全称');
  await expect(dialog(page)).toContainText('请选择部门类型');
  await closeDialog(page);

  const name = uniqueName('e2e部门');
  await addDept(page, name);
  await crud(page).search('部门名称', name);
  await expect(crud(page).row(name)).toHaveCount(1);
  await expect(crud(page).row(name)).toContainText('部门');

  await crud(page)
    .row(name)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(dialog(page).getByLabel('部门全称')).toHaveValue(`${name}全称`);
  await closeDialog(page);

  const edited = `${name}改`;
  await crud(page)
    .row(name)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('部门名称')).toHaveValue(name);
  await dialog(page).getByLabel('部门名称').fill(edited);
  await dialog(page).getByLabel('部门备注').fill('e2e 备注');
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');

  await crud(page).search('部门名称', '');
  await crud(page)
    .row(edited)
    .getByRole('button', { name: /新增子项/ })
    .click();
  await expect(dialog(page).locator('.ant-select-content').first()).toContainText(edited);
  const child = `${edited}子`;
  await fillDept(page, child);
  await crud(page).row(edited).first().locator('.ant-table-row-expand-icon').click();
  await expect(crud(page).row(child)).toHaveCount(1);

  await remove(page, edited);
  await expect(toast(page)).toContainText('请先删除子节点!');
  await remove(page, child);
  await expect(toast(page)).toContainText('删除成功');
  await remove(page, edited);
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(edited)).toHaveCount(0);
});

test('batch delete needs a selection, then removes the selected departments', async ({ page }) => {
  const prefix = uniqueName('e2e批量部门');
  await addDept(page, `${prefix}-a`);
  await addDept(page, `${prefix}-b`);
  await batchDelete(page, crud(page), '部门名称', prefix);
});

test('the platform administrator works in another tenant', async ({ page }) => {
  await crud(page).root.getByLabel('所属租户').click();
  await pickOption(page, '356782');
  await expect(crud(page).row('Demo Chemical Plant')).toHaveCount(1);
  await expect(crud(page).row('PlantDesk 平台')).toHaveCount(0);
  const name = uniqueName('e2e租户部门');
  await addDept(page, name);
  await crud(page).search('部门名称', name);
  await expect(crud(page).row(name)).toHaveCount(1);
  await remove(page, name);
  await expect(toast(page)).toContainText('删除成功');
  // A department that holds users cannot be removed (server message).
  await crud(page).search('部门名称', 'Synthesis Team');
  await remove(page, 'Synthesis Team');
  await expect(toast(page)).toContainText('该部门下存在用户, 不允许删除!');
});
