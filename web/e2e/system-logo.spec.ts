import { expect, type Page, test } from '@playwright/test';
import { login, openMenu, toast } from './support';

test.describe.configure({ timeout: 120_000 });

const LOGOS = { menu: ['系统管理', '标志管理'], path: /\/system\/logo$/ };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const slot = (page: Page, key: string) => page.locator(`[data-logo-slot="${key}"]`);

/** Uploads an image into a slot, sets its alt text, saves; answers the stored link. */
async function saveSlot(page: Page, key: string, alt: string) {
  const card = slot(page, key);
  const chooser = page.waitForEvent('filechooser');
  await card.locator('.ant-upload').first().click();
  await (await chooser).setFiles({ name: `${key}.png`, mimeType: 'image/png', buffer: PNG });
  const img = card.locator('[data-logo-upload] img');
  await expect(img).toHaveAttribute('src', /\/api\/blade-resource\/oss\/file\//);
  await card.getByLabel('替代文本').fill(alt);
  await card.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page)).toContainText('更新成功');
  return (await img.getAttribute('src')) ?? '';
}

test('the favicon and the sidebar logo follow the saved logos', async ({ page }) => {
  await login(page);
  await openMenu(page, LOGOS.menu, LOGOS.path);
  await expect(slot(page, 'BACKEND_LIGHT')).toBeVisible();
  await expect(slot(page, 'LABEL_DARK')).toBeVisible();

  // The default theme uses the dark logos (spec §9: only hey, d2 and cool use the light ones).
  const stamp = Date.now().toString(36);
  const label = await saveSlot(page, 'LABEL_DARK', `favicon ${stamp}`);
  const favicon = page.locator('link[rel="icon"]');
  await expect(favicon).toHaveAttribute('href', label);
  await page.reload();
  await expect(page.locator('[data-logo-page]')).toBeVisible();
  await expect(favicon).toHaveAttribute('href', label);
  await expect(slot(page, 'LABEL_DARK').getByLabel('替代文本')).toHaveValue(`favicon ${stamp}`);

  // The default theme uses the dark console logo in the sidebar.
  const dark = await saveSlot(page, 'BACKEND_DARK', `PlantDesk ${stamp}`);
  const logo = page.locator('.pd-logo img');
  await expect(logo).toHaveAttribute('src', dark);
  await expect(logo).toHaveAttribute('alt', `PlantDesk ${stamp}`);
  await page.reload();
  await expect(page.locator('.pd-logo img')).toHaveAttribute('src', dark);
});
