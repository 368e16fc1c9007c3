import { execFileSync } from 'node:child_process';
import { buildFloor, launch } from './browser.mjs';
import { inPage, watchFor } from './in-page.mjs';

// The console's list deep link beside its floor on the same stack, in one run (issue 32's budget: a cold deep link
// ready in 2.5 s at 4x CPU, 9 Mbit/s and 40 ms): the floor is bench/web-floor, React with antd's stylesheet and a
// Table of the same first page from the same API, nothing else. Both cold (cache disabled), first row in the page
// (in-page.mjs), medians of RUNS (default 5), local and throttled, the two alternating.
//   node bench/web-floor.mjs --build                  # builds bench/web-floor/dist with the console's packages
//   PLANTDESK_WEB_DIST=bench/web-floor/dist python -m plantdesk serve --port 18002   # the floor's server
//   BASE=http://127.0.0.1:18000 FLOOR=http://127.0.0.1:18002 node bench/web-floor.mjs
const here = import.meta.dirname;
if (process.argv.includes('--build')) {
  buildFloor('web-floor');
  execFileSync('node', ['scripts/precompress.mjs', `${here}/web-floor/dist`], {
    cwd: `${here}/../web`,
    stdio: 'inherit',
  });
  process.exit(0);
}
const base = process.env.BASE ?? 'http://127.0.0.1:8000';
const floor = process.env.FLOOR ?? 'http://127.0.0.1:8002';
const runs = Number(process.env.RUNS ?? 5);
const browser = await launch('--disable-gpu');

// The console: signed in through its own form; the floor: the token of the same account in the same storage key.
const consoleCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const login = await consoleCtx.newPage();
await login.goto(`${base}/login`);
await login.locator('input').nth(1).fill('admin');
await login.locator('input[type=password]').fill('admin');
await login.keyboard.press('Enter');
await login.waitForURL(/wel/);
const floorCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const session = await login.evaluate(() => localStorage.getItem('plantdesk-session'));
const token = JSON.parse(session).state.token;
const floorToken = await (async () => {
  const r = await floorCtx.request.post(`${floor}/api/blade-auth/oauth/token`, {
    headers: {
      Authorization: `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`,
      'Tenant-Id': '000000',
    },
    form: {
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  return (await r.json()).access_token;
})();
await floorCtx.addInitScript(
  (t) =>
    localStorage.setItem(
      'plantdesk-session',
      JSON.stringify({ state: { token: t, tenantId: '000000' }, version: 0 }),
    ),
  floorToken,
);
if (!token || !floorToken) throw new Error('not signed in');

async function firstRow(ctx, url, throttle) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 9e6 / 8,
      uploadThroughput: 9e6 / 8,
    });
  }
  await page.addInitScript(watchFor, ['.ant-table-row']);
  await page.goto(url);
  const ms = await inPage(page);
  await page.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const throttle of [false, true]) {
  const seen = { console: [], floor: [] };
  for (let run = 0; run < runs; run++) {
    seen.console.push(await firstRow(consoleCtx, `${base}/desk/notice`, throttle));
    seen.floor.push(await firstRow(floorCtx, `${floor}/`, throttle));
  }
  for (const [name, xs] of Object.entries(seen))
    console.log(
      `${throttle ? 'throttled' : 'local'} ${name}: first row in the page ${median(xs)} ms (${xs.join(', ')})`,
    );
}
await browser.close();
