import { launch } from './browser.mjs';
import { inPage, watchFor } from './in-page.mjs';
// Time to ready for the login page and a deep link to the notice list (first row visible), median of 3,
// unthrottled and at 4x CPU slowdown with 9 Mbit/s and 40 ms RTT. BASE=http://127.0.0.1:8000 node bench/web-ready.mjs
// Two figures each: as Playwright sees it (wall clock from goto until its locator finds the element), and in the
// page (performance.now(), from the navigation's start, at the first animation frame after the element is in the
// DOM). The first includes Playwright's own work in the page, which at 4x CPU is most of a throttled login
// (bench/README.md "Session 14, issue 32"); the second is what a user sees.
const base = process.env.BASE ?? 'http://127.0.0.1:8000';
// DEEP: the deep link to time (default the notice list), e.g. DEEP='/system/user?descs=account&q.account=admin'.
const deep = process.env.DEEP ?? '/desk/notice';
const browser = await launch('--disable-gpu');
async function measure(throttle) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  if (throttle) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 9e6/8, uploadThroughput: 9e6/8 });
  }
  await page.addInitScript(watchFor, ['input[type=password]']);
  let t = Date.now();
  await page.goto(base + '/login');
  await page.locator('input[type=password]').waitFor();
  const login = Date.now() - t;
  const loginPage = await inPage(page);
  await page.locator('input').nth(1).fill('admin');
  await page.locator('input[type=password]').fill('admin');
  await page.keyboard.press('Enter');
  await page.waitForURL(/wel/);
  // deep link in a fresh page of the same (logged-in) context, cold cache
  const p2 = await ctx.newPage();
  const cdp2 = await ctx.newCDPSession(p2);
  await cdp2.send('Network.enable'); await cdp2.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp2.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp2.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 9e6/8, uploadThroughput: 9e6/8 });
  }
  await p2.addInitScript(watchFor, ['.ant-table-row']);
  t = Date.now();
  await p2.goto(base + deep);
  await p2.locator('.ant-table-row').first().waitFor({ timeout: 30000 });
  const notice = Date.now() - t;
  const noticePage = await inPage(p2);
  await ctx.close();
  return { login, loginPage, notice, noticePage };
}
for (const throttle of [false, true]) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measure(throttle));
  const med = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
  console.log(throttle ? 'throttled' : 'local', 'login', med('login'), 'ms (in page', med('loginPage'), 'ms); deep link', deep, med('notice'), 'ms (in page', med('noticePage'), 'ms)');
}
await browser.close();
