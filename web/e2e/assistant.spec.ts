import { expect, test } from '@playwright/test';
import { login } from './support';

// The demo plant's operator asks the built-in assistant about the fleet in Chinese and in English (issue 28):
// the screen says it is the built-in mode and offers what it answers; a click on an example asks it.
test.describe.configure({ timeout: 90_000 });

test('the built-in assistant says its mode and answers fleet questions in Chinese and English', async ({
  page,
}) => {
  await login(page, { tenantId: '356782', username: 'admin', password: 'admin' });
  await page.goto('/index/aiChat');
  await expect(page.locator('[data-mode="builtin"]')).toHaveText('内置助手(未配置模型)');
  const abilities = page.locator('[data-abilities]');
  await expect(abilities).toContainText('内置助手不调用模型');
  await abilities.getByRole('button', { name: '哪些设备离线?' }).click();
  const answer = page.locator('[data-role="assistant"]').last();
  await expect(answer).toContainText(/设备共 \d+ 台:在线 \d+ 台,离线 \d+ 台/);
  await expect(answer).toContainText(/离线设备: \d+ 台/);
  await expect(answer.getByRole('link', { name: '设备台账 / Devices' })).toBeVisible();
  await expect(answer.locator('[data-citations]')).toHaveCount(0); // no unrelated procedure cited

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.locator('[data-mode="builtin"]')).toHaveText('Built-in assistant (no model configured)');
  await page.getByRole('button', { name: 'New chat' }).click();
  await page
    .locator('[data-abilities]')
    .getByRole('button', { name: 'How many devices are offline right now?' })
    .click();
  const english = page.locator('[data-role="assistant"]').last();
  await expect(english).toContainText(/Devices: \d+ in all: \d+ online, \d+ offline/);
  await expect(english).toContainText(/Offline devices: \d+/);
  await page.getByLabel(/Ask a question/).fill('Top alarm sources this week');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-role="assistant"]').last()).toContainText(
    /this week|no alarms|top alarm sources/,
  );
});
