import { expect, type Page, test } from '@playwright/test';
import { closeDialog, confirmDialog, crudOf, dialog, login, openMenu, toast } from './support';

test.describe.configure({ timeout: 120_000 });

const ATTACH = { menu: ['资源管理', '附件管理'], path: /\/resource\/attach$/ };
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const crud = (page: Page) => crudOf(page, 'attach');

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await crud(page)
    .button(/上\s*传/)
    .click();
  const chooser = page.waitForEvent('filechooser');
  await dialog(page).getByText('点击或将文件拖拽到这里上传').click();
  await (await chooser).setFiles({ name, mimeType, buffer });
  await expect(dialog(page).locator(`[data-upload-item="${name}"] .ant-progress`)).toBeVisible();
  await expect(toast(page)).toContainText(`${name} 上传成功`);
  await closeDialog(page);
}

test('upload, list, preview, download and delete attachments', async ({ page }) => {
  await login(page);
  await openMenu(page, ATTACH.menu, ATTACH.path);
  const stem = `e2e附件${Date.now().toString(36)}`;
  await upload(page, `${stem}.png`, 'image/png', PNG);
  await upload(page, `${stem}.txt`, 'text/plain', Buffer.from('x'.repeat(2048)));

  await crud(page).search('附件原名', stem);
  await expect(crud(page).row(stem)).toHaveCount(2);
  const image = crud(page).row(`${stem}.png`);
  const text = crud(page).row(`${stem}.txt`);
  await expect(image).toContainText('png');
  await expect(image).toContainText(`${PNG.length} B`);
  await expect(text).toContainText('2 KB');

  // Preview: an image inline, anything else as a download.
  await image.getByRole('button', { name: /预\s*览/ }).click();
  const img = dialog(page).locator('img[data-preview]');
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
  await closeDialog(page);
  const previewed = page.waitForEvent('download');
  await text.getByRole('button', { name: /预\s*览/ }).click();
  expect((await previewed).suggestedFilename()).toBe(`${stem}.txt`);
  const downloaded = page.waitForEvent('download');
  await image.getByRole('button', { name: /下\s*载/ }).click();
  expect((await downloaded).suggestedFilename()).toBe(`${stem}.png`);

  // Delete one, then the batch.
  await text.getByRole('button', { name: /^删\s*除$/ }).click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(stem)).toHaveCount(1);
  await crud(page)
    .button(/批量删除/)
    .click();
  await expect(toast(page)).toContainText('请选择至少一条数据');
  await image.getByRole('checkbox').check();
  await crud(page)
    .button(/批量删除/)
    .click();
  await confirmDialog(page, '确定将选择数据删除?');
  await expect(toast(page)).toContainText('删除成功');
  await expect(crud(page).row(stem)).toHaveCount(0);
});

test('a refused upload shows the server message', async ({ page }) => {
  await login(page);
  await openMenu(page, ATTACH.menu, ATTACH.path);
  await crud(page)
    .button(/上\s*传/)
    .click();
  const chooser = page.waitForEvent('filechooser');
  await dialog(page).getByText('点击或将文件拖拽到这里上传').click();
  await (await chooser).setFiles({
    name: 'evil.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<b>x</b>'),
  });
  await expect(toast(page)).not.toContainText('上传成功');
  await expect(
    dialog(page).locator('[data-upload-item="evil.html"] .ant-progress-status-exception'),
  ).toBeVisible();
});
