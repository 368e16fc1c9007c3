import { expect, test } from '@playwright/test';
import { login, toast } from './support';

test.beforeEach(async ({ page }) => {
  await login(page);
  await page.goto('/info/index');
});

test('personal info: phone messages, username read-only, saving persists', async ({ page }) => {
  const form = page.locator('.pd-profile-form');
  await expect(form.getByLabel('用户名')).toBeDisabled();
  await expect(form.getByLabel('用户名')).toHaveValue('admin');

  const phone = form.getByLabel('手机号');
  await phone.fill('');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form).toContainText('请输入手机号');
  await phone.fill('1380013');
  await expect(form).toContainText('手机号长度为11位');
  await phone.fill('23800138000');
  await expect(form).toContainText('手机号格式不正确');

  const number = `139${String(Date.now()).slice(-8)}`;
  await phone.fill(number);
  await form.getByLabel('邮箱').fill('admin@plantdesk.example');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page)).toContainText('操作成功!');

  await page.reload();
  await expect(page.locator('.pd-profile-form').getByLabel('手机号')).toHaveValue(number);
});

test('change password validates old, new and confirm', async ({ page }) => {
  await page.getByRole('tab', { name: '修改密码' }).click();
  const form = page.locator('.pd-password-form');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form).toContainText('请输入原密码');
  await expect(form).toContainText('请输入新密码');
  await expect(form).toContainText('请再次输入密码');

  await form.getByLabel('新密码').fill('ab 12');
  await expect(form).toContainText('密码长度在 6 到 20 个字符');
  await expect(form).toContainText('用户密码不允许输入空格');
  await form.getByLabel('新密码').fill('密码abc123');
  await expect(form).toContainText('密码不可输入中文');
  await form.getByLabel('新密码').fill('abc12345');
  await form.getByLabel('确认密码').fill('abc12346');
  await expect(form).toContainText('两次输入密码不一致!');
});
