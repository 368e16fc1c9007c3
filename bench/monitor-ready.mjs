import { launch, signIn } from './browser.mjs';
// Time to ready of the monitor-data screen and the device ledger (issue 9 budget: ≤ 1.5 s locally with the demo
// plant running). A deep link in a fresh page of a signed-in context, unthrottled. Monitor data: "values" = the
// first realtime value is shown, "ready" = the history chart is drawn with data as well (ECharts is a lazy chunk).
// Ledger: "ready" = the first device row is shown.
// Cold (cache disabled) and warm (second visit), median of RUNS (default 5).
// BASE=http://127.0.0.1:8000 TENANT=356782 node bench/monitor-ready.mjs
const base = process.env.BASE ?? 'http://127.0.0.1:8000';
const tenant = process.env.TENANT ?? '356782';
const runs = Number(process.env.RUNS ?? 5);
const browser = await launch('--disable-gpu');
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const login = await ctx.newPage();
await signIn(login, base, tenant);
await login.close();

async function measure(cold) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  const t = Date.now();
  await page.goto(`${base}/device/monitordata`);
  await page.locator('[data-point-value]').filter({ hasText: /\d/ }).first().waitFor({ timeout: 30_000 });
  const values = Date.now() - t;
  await page.locator('[data-chart-samples]:not([data-chart-samples="0"]) canvas').first().waitFor({ timeout: 30_000 });
  const ready = Date.now() - t;
  await page.close();
  return { values, ready };
}

async function ledger(cold) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  const t = Date.now();
  await page.goto(`${base}/device/device`);
  await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
  const ready = Date.now() - t;
  await page.close();
  return { values: ready, ready };
}

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [screen, run] of [['monitordata', measure], ['ledger', ledger]]) {
  for (const cold of [true, false]) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await run(cold));
    console.log(
      `${screen} ${cold ? 'cold' : 'warm'}: values ${median(results.map((r) => r.values))} ms, ready ${median(results.map((r) => r.ready))} ms`,
      `(runs: ${results.map((r) => r.ready).join(', ')})`,
    );
  }
}
await browser.close();
