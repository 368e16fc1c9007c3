import { expect, test } from '@playwright/test';
import { ADMIN, login, toast } from './support';

test('lock asks for the password once, holds every route, and unlocks back to the page', async ({ page }) => {
  await login(page);
  await page.goto('/info/index');
  await page.getByRole('button', { name: '锁屏' }).click();

  const dialog = page.getByRole('dialog');
  // A click during the dialog's opening animation can reach OK before the form is connected: click again.
  await expect(async () => {
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toContainText('锁屏密码不能为空', { timeout: 2000 });
  }).toPass({ timeout: 20000 });
  await dialog.getByLabel('锁屏密码').fill(ADMIN.password);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/lock$/);

  // The lock survives a reload and every route leads back to it.
  await page.reload();
  await expect(page).toHaveURL(/\/lock$/);
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByPlaceholder('请输入登录密码解锁').fill('wrong-password');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(toast(page)).toContainText('解锁密码错误');
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByPlaceholder('请输入登录密码解锁').fill(ADMIN.password);
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page).toHaveURL(/\/info\/index$/);

  // The second time the lock button locks at once.
  await page.getByRole('button', { name: '锁屏' }).click();
  await expect(page).toHaveURL(/\/lock$/);
});
