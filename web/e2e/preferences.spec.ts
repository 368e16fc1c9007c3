import { expect, test } from '@playwright/test';
import { chooseMenuItem, login, tab } from './support';

test('language and theme persist across a reload', async ({ page }) => {
  await login(page);

  await page.getByRole('button', { name: '语言' }).click();
  await chooseMenuItem(page, 'English');
  await expect(tab(page, 'Home')).toBeVisible();

  await page.getByRole('button', { name: 'Theme', exact: true }).click();
  await page.locator('[data-theme-name="theme-dark"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'theme-dark');

  await page.reload();
  await expect(tab(page, 'Home')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'theme-dark');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  // Back to the defaults so other specs see Chinese.
  await page.getByRole('button', { name: 'Language' }).click();
  await chooseMenuItem(page, '中文');
  await page.getByRole('button', { name: '主题', exact: true }).click();
  await page.locator('[data-theme-name="theme-default"]').click();
  await expect(tab(page, '首页')).toBeVisible();
});
