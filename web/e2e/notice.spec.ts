import { expect, type Page, test } from '@playwright/test';
import { closeDialog, dialogLoaded, login, NOTICES, openMenu, toast, uniqueName } from './support';

test.beforeEach(async ({ page }) => {
  await login(page);
  await openMenu(page, NOTICES.menu, NOTICES.path);
  await expect(page.locator('[data-crud="notice"] .ant-table')).toBeVisible();
});

const crud = (page: Page) => page.locator('[data-crud="notice"]');

async function addNotice(page: Page, title: string) {
  await crud(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('通知标题').fill(title);
  await dialog.getByLabel('通知类型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await dialog.getByLabel('通知时间').click();
  await dialog.getByLabel('通知时间').fill('2026-11-01 08:30:00');
  await dialog.getByLabel('通知时间').press('Enter');
  await dialog.getByLabel('通知内容').fill(`${title} 的内容`);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('新增成功');
  await expect(dialog).toBeHidden();
}

async function search(page: Page, title: string) {
  await crud(page).getByPlaceholder('请输入通知标题').fill(title);
  await crud(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
}

const row = (page: Page, text: string) => crud(page).locator('.ant-table-row').filter({ hasText: text });

test('add, search, view, edit and delete a notice', async ({ page }) => {
  const title = uniqueName('e2e公告');
  await addNotice(page, title);

  await search(page, title);
  await expect(row(page, title)).toHaveCount(1);
  await expect(row(page, title)).toContainText('2026-11-01 08:30:00');

  await row(page, title)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  const view = page.getByRole('dialog');
  await expect(view.getByLabel('通知标题')).toHaveValue(title);
  await expect(view.getByLabel('通知标题')).toBeDisabled();
  await closeDialog(page);

  const edited = `${title}-改`;
  await row(page, title)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await dialogLoaded(page);
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('通知标题')).toHaveValue(title);
  await edit.getByLabel('通知标题').fill(edited);
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('更新成功');
  await search(page, edited);
  await expect(row(page, edited)).toHaveCount(1);

  await row(page, edited)
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('确定将选择数据删除?');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page)).toContainText('删除成功');
  await expect(row(page, edited)).toHaveCount(0);
});

test('batch delete needs a selection, then removes every selected notice', async ({ page }) => {
  const prefix = uniqueName('e2e批量');
  await addNotice(page, `${prefix}-a`);
  await addNotice(page, `${prefix}-b`);

  await crud(page)
    .getByRole('button', { name: /批量删除/ })
    .click();
  await expect(toast(page)).toContainText('请选择至少一条数据');

  await search(page, prefix);
  await expect(row(page, prefix)).toHaveCount(2);
  for (const checkbox of await row(page, prefix).getByRole('checkbox').all()) await checkbox.check();
  await crud(page)
    .getByRole('button', { name: /批量删除/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page)).toContainText('删除成功');
  await expect(row(page, prefix)).toHaveCount(0);
});

test('the pager offers 10/30/50/100/200 rows per page, 10 by default', async ({ page }) => {
  const sizer = crud(page).locator('.ant-pagination-options .ant-select');
  await expect(sizer).toContainText('10 条/页');
  await sizer.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['10 条/页', '30 条/页', '50 条/页', '100 条/页', '200 条/页']);
});
