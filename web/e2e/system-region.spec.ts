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

const REGIONS = { menu: ['系统管理', '行政区划'], path: /\/system\/region$/ };

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, REGIONS.menu, REGIONS.path);
  await expect(crud(page).row('北京市')).toHaveCount(1);
});

const crud = (page: Page) => crudOf(page, 'region');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const code = () => `E${Date.now().toString().slice(-9)}`;

async function fillRegion(page: Page, regionCode: string, name: string) {
  await dialog(page).getByLabel('区划编号').fill(regionCode);
  await dialog(page).getByLabel('区划名称').fill(name);
  await dialog(page).getByLabel('区划排序').fill('0');
  await ok(page).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
}

async function addRegion(page: Page, regionCode: string, name: string) {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await expect(dialog(page).getByLabel('上级区划')).toHaveValue('00');
  await fillRegion(page, regionCode, name);
}

async function remove(page: Page, text: string) {
  await crud(page)
    .row(text)
    .first()
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
}

test('lazy tree: add, add a child, search, view, edit; a region with children is not removed', async ({
  page,
}) => {
  await crud(page)
    .button(/新\s*增$/)
    .click();
  await ok(page).click();
  await expect(dialog(page)).toContainText('请输入区划编号');
  await expect(dialog(page)).toContainText('请输入区划名称');
  await dialog(page).getByLabel('区划编号').fill('a-1');
  await expect(dialog(page)).toContainText('区划编号只能包含字母和数字');
  await closeDialog(page);

  const parent = code();
  const name = uniqueName('e2e区划');
  await addRegion(page, parent, name);
  await expect(crud(page).row(parent)).toContainText('省份');

  await crud(page)
    .row(parent)
    .getByRole('button', { name: /新增下级/ })
    .click();
  await expect(dialog(page).getByLabel('上级区划')).toHaveValue(parent);
  const child = `${parent}1`;
  await fillRegion(page, child, `${name}下级`);
  await crud(page).row(parent).locator('.ant-table-row-expand-icon').click();
  await expect(crud(page).row(child)).toHaveCount(1);
  await expect(crud(page).row(child)).toContainText('地市');

  await crud(page).search('区划名称', `${name}下级`);
  await expect(crud(page).root.locator('.ant-table-row')).toHaveCount(1);
  await crud(page)
    .row(child)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(dialog(page).getByLabel('区划编号')).toHaveValue(child);
  await closeDialog(page);
  await crud(page)
    .row(child)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('区划编号')).toBeDisabled();
  await dialog(page).getByLabel('区划名称').fill(`${name}改`);
  await ok(page).click();
  await expect(toast(page)).toContainText('更新成功');
  await crud(page).search('区划名称', `${name}改`);
  await expect(crud(page).row(child)).toHaveCount(1);

  await crud(page).search('区划名称', '');
  await remove(page, parent);
  await expect(toast(page)).toContainText('请先删除子节点!');
  await crud(page).search('区划编号', child);
  await remove(page, child);
  await expect(toast(page)).toContainText('删除成功');
  await crud(page).search('区划编号', parent);
  await remove(page, parent);
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(parent)).toHaveCount(0);
});

test('batch delete needs a selection, then removes the selected regions', async ({ page }) => {
  const prefix = uniqueName('e2e批量区划');
  const stamp = code();
  await addRegion(page, `${stamp}a`, `${prefix}-a`);
  await addRegion(page, `${stamp}b`, `${prefix}-b`);
  await batchDelete(page, crud(page), '区划名称', prefix);
});
