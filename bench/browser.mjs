import { chromium } from '../web/node_modules/playwright-core/index.mjs';
// The benches' browser: the machine's Chromium (never a downloaded one), and the console's own sign-in form.

export const launch = (...args) =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', ...args],
  });

// Signs `page` in as the tenant's admin (the platform tenant's form has no tenant to fill) and waits for the home page.
export async function signIn(page, base, tenant = '356782') {
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('用户名').fill('admin');
  if (tenant !== '000000') await page.getByPlaceholder('租户编号').fill(tenant);
  await page.getByPlaceholder('密码').fill('admin');
  await page.keyboard.press('Enter');
  await page.waitForURL(/wel/);
}
