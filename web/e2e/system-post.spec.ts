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
  POSTS,
  pickOption,
  toast,
  uniqueName,
} from './support';

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, POSTS.menu, POSTS.path);
  await expect(crudOf(page, 'post').root.locator('.ant-table')).toBeVisible();
});

const crud = (page: Page) => crudOf(page, 'post');

async function addPost(page: Page, code: string, name: string) {
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await form.getByLabel('岗位类型').click();
  await pickOption(page, /./);
  await form.getByLabel('岗位编号').fill(code);
  await form.getByLabel('岗位名称').fill(name);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(form).toBeHidden();
}

test('add, search, view, edit and delete a post', async ({ page }) => {
  const code = `e${Date.now().toString(36).slice(-8)}`;
  const name = uniqueName('e2e岗位');
  await crud(page)
    .button(/新\s*增/)
    .click();
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(dialog(page)).toContainText('请输入岗位编号');
  await expect(dialog(page)).toContainText('请选择岗位类型');
  await closeDialog(page);
  await addPost(page, code, name);

  await crud(page).search('岗位名称', name);
  await expect(crud(page).row(name)).toHaveCount(1);
  await expect(crud(page).row(name)).toContainText(code);

  await crud(page)
    .row(name)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(dialog(page).getByLabel('岗位编号')).toHaveValue(code);
  await expect(dialog(page).getByLabel('岗位编号')).toBeDisabled();
  await closeDialog(page);

  const edited = `${name}-改`;
  await crud(page)
    .row(name)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  await expect(dialog(page).getByLabel('岗位名称')).toHaveValue(name);
  await dialog(page).getByLabel('岗位名称').fill(edited);
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('更新成功');
  await crud(page).search('岗位名称', edited);
  await expect(crud(page).row(edited)).toHaveCount(1);

  // The server's own message on a refused submit (duplicate code), shown once; the dialog stays open.
  await crud(page)
    .button(/新\s*增/)
    .click();
  const form = dialog(page);
  await form.getByLabel('岗位类型').click();
  await pickOption(page, /./);
  await form.getByLabel('岗位编号').fill(code);
  await form.getByLabel('岗位名称').fill('重复');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('岗位编号已存在');
  await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  await expect(form).toBeVisible();
  await closeDialog(page);

  await crud(page)
    .row(edited)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(edited)).toHaveCount(0);
});

test('batch delete needs a selection, then removes the selected posts', async ({ page }) => {
  const prefix = uniqueName('e2e批量岗位');
  const stamp = Date.now().toString(36).slice(-6);
  await addPost(page, `a${stamp}`, `${prefix}-a`);
  await addPost(page, `b${stamp}`, `${prefix}-b`);
  await batchDelete(page, crud(page), '岗位名称', prefix);
});

test("the platform administrator manages another tenant's posts", async ({ page }) => {
  const tenant = crud(page).root.getByLabel('所属租户');
  await expect(tenant).toBeVisible();
  await tenant.click();
  await pickOption(page, '356782');
  await expect(crud(page).row('Plant Manager')).toHaveCount(1);
  await expect(crud(page).row('Plant Manager')).toContainText('Demo Chemical Plant');
  await expect(crud(page).button(/新\s*增/)).toHaveCount(1);
  await crud(page)
    .row('Plant Manager')
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(dialog(page).getByLabel('岗位名称')).toHaveValue('Plant Manager');
});
