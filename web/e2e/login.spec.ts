import { expect, test } from '@playwright/test';
import { chooseMenuItem, login, tab, toast, uniqueName } from './support';

test('the login page is titled 登录 and a deep link without a session lands there', async ({ page }) => {
  await page.goto('/desk/notice');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('登录');
});

test('a rejected sign-in shows the server error_description', async ({ page }) => {
  // An unknown account: the same message as a wrong password, without counting fails against admin.
  await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(uniqueName('nobody'));
  await page.getByPlaceholder('密码').fill('123456');
  const answer = page.waitForResponse((res) => res.url().includes('/api/blade-auth/oauth/token'));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const { error_description: description } = await (await answer).json();
  expect(description).toBeTruthy();
  await expect(toast(page)).toContainText(description);
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-in opens Home; /login then redirects to /; logout asks first', async ({ page }) => {
  await login(page);
  await expect(page).toHaveTitle('首页');
  await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/wel\/index$/);

  await page.locator('.pd-user').click();
  await chooseMenuItem(page, '退出登录');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('退出系统, 是否继续?');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('plantdesk-session') ?? '{}').state?.token),
  ).toBe('');
});
