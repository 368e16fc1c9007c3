import { execFileSync } from 'node:child_process';
import { buildFloor, launch, quietTab, signIn } from './browser.mjs';
import { ADMIN_PASSWORD_HASH, demoApi, dotMap } from './dot-map.mjs';
import { inPage, watchFor } from './in-page.mjs';

// Large screens (issue 25 budgets), against a running `serve --simulate` with the demo plant:
//  1. ready: each screen's time from navigation to its KPIs and first chart drawn (cold cache and warm), median of
//     RUNS (default 3), as Playwright sees it and in the page (in-page.mjs); screenshots of each in zh and en into
//     SHOTS when set;
//  2. frames: a map of DOTS (default 200) dots bound to the demo plant's points (the simulator moves them every
//     second) on the cockpit (?mapId=), frames per second counted with requestAnimationFrame over FPS_SECONDS
//     (DOTS=0: ready times only, no frames and no memory);
//  3. memory: the cockpit with the dots (or MEMORY_PATH, e.g. /wisdomView) left open MEMORY_MINUTES (default 5) in
//     a Chromium of its own, and beside it the floor (bench/screen-floor) when the server serves it: the tab's
//     memory as Chrome's task manager counts it (its renderer's private footprint) each minute from minute 1, and
//     every ten minutes the JS heap after a GC and the footprint once collected and purged, with what each of the
//     renderer's allocators held then (the ones that moved most are printed at the end).
// BASE=http://127.0.0.1:8000 SHOTS=/tmp/shots node bench/large-screens.mjs
// The floor: `node bench/large-screens.mjs --build-floor` builds it into a copy of the console's build, which the
// server then serves (`PLANTDESK_WEB_DIST=bench/screen-floor/dist`) as /screen-floor/ beside the console.
// BASE may list servers (`BASE=http://127.0.0.1:8000,http://127.0.0.1:8001`, e.g. two builds): each ready run
// then goes to each in turn, so a shared machine's load falls on both alike; frames and memory use the first.
if (process.argv.includes('--build-floor')) {
  const dist = `${import.meta.dirname}/screen-floor/dist`;
  execFileSync('rm', ['-rf', dist]);
  execFileSync('cp', ['-r', `${import.meta.dirname}/../web/dist`, dist]);
  buildFloor('screen-floor');
  process.exit(0);
}
const bases = (process.env.BASE ?? 'http://127.0.0.1:8000').split(',');
const base = bases[0];
const runs = Number(process.env.RUNS ?? 3);
const dotCount = Number(process.env.DOTS ?? 200);
const fpsSeconds = Number(process.env.FPS_SECONDS ?? 10);
const memoryMinutes = Number(process.env.MEMORY_MINUTES ?? 5);
const memoryPath = process.env.MEMORY_PATH;
const shots = process.env.SHOTS;
const SCREENS = ['/cockpit', '/part', '/wisdomView', '/index/batchMonitor', '/index/flowMonitor'];

const browser = await launch('--enable-precise-memory-info', '--js-flags=--expose-gc');
const signedIn = [];
for (const server of bases) {
  const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await ctx.newPage();
  await signIn(page, server);
  signedIn.push({ ctx, page });
}
const api = demoApi(base);

async function ready(i, path, cold) {
  const { ctx } = signedIn[i];
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  const shown = ['[data-screen][data-ready] [data-kpi]', '[data-screen] canvas'];
  await page.addInitScript(watchFor, shown);
  const t = Date.now();
  await page.goto(`${bases[i]}${path}`);
  for (const selector of shown) await page.locator(selector).first().waitFor({ timeout: 30_000 });
  const ms = Date.now() - t;
  const seen = await inPage(page);
  await page.close();
  return { ms, seen };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const path of runs > 0 ? SCREENS : []) {
  const cold = bases.map(() => []);
  const warm = bases.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < bases.length; i++) {
      cold[i].push(await ready(i, path, true));
      warm[i].push(await ready(i, path, false));
    }
  }
  for (let i = 0; i < bases.length; i++) {
    const server = bases.length > 1 ? ` [${bases[i]}]` : '';
    const of = (runs, key) => median(runs.map((r) => r[key]));
    console.log(
      `${path}${server}: ready cold ${of(cold[i], 'ms')} ms (in page ${of(cold[i], 'seen')} ms), warm ${of(warm[i], 'ms')} ms (in page ${of(warm[i], 'seen')} ms); cold runs ${cold[i].map((r) => `${r.ms}/${r.seen}`).join(', ')}`,
    );
  }
}

if (shots) {
  for (const language of ['zh', 'en']) {
    const page = await signedIn[0].ctx.newPage();
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    for (const path of [...SCREENS, '/visual/map', '/visual/api']) {
      await page.goto(`${base}${path}`);
      await page.waitForTimeout(path.startsWith('/visual') ? 2500 : 4000);
      await page.screenshot({ path: `${shots}/${path.split('/').pop()}-${language}.png` });
    }
    await page.close();
  }
}

if (dotCount === 0) {
  // Ready times only (DOTS=0): no map of dots, so no frames and no memory either.
  await browser.close();
  process.exit(0);
}

// 200 dots on a map of their own, each bound to one of the demo plant's points.
const site = await dotMap(api, dotCount, 'bench');
const page = await signedIn[0].ctx.newPage();
await page.goto(`${base}/cockpit?mapId=${site.id}`);
await page
  .locator('[data-dot]')
  .nth(dotCount - 1)
  .waitFor({ timeout: 60_000 });
await page.waitForTimeout(3000);
const frames = await page.evaluate(
  (seconds) =>
    new Promise((resolve) => {
      let n = 0;
      const start = performance.now();
      const tick = () => {
        n += 1;
        if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
        else resolve(n / ((performance.now() - start) / 1000));
      };
      requestAnimationFrame(tick);
    }),
  fpsSeconds,
);
const live = await page.getByTestId('screen-live').textContent();
console.log(
  `frames: ${frames.toFixed(1)} per second over ${fpsSeconds} s with ${dotCount} dots updating (${live})`,
);

// The hour, in Chromiums of the bench's own with no DevTools client attached between samples (Playwright's keeps
// its bookkeeping of the page and whatever it logs for as long as the page lives): the screen, signed in from a
// profile of its own, and beside it the floor (bench/screen-floor: React drawing the same map's dots from the same
// stream, nothing else) when the server serves it. From minute 1 (the first minute is loading and the JIT's warm-up,
// not growth): the tab's private footprint each minute, and every ten minutes the JS heap after a GC and the
// footprint once Chromium has collected and purged what it can (a deterministic memory dump).
await browser.close();
const screenUrl = `${base}${memoryPath ?? `/cockpit?mapId=${site.id}`}`;
const floorUrl = `${base}/screen-floor/index.html?mapId=${site.id}#${ADMIN_PASSWORD_HASH}`;
const tabs = { screen: await quietTab(screenUrl, base) };
if ((await (await fetch(floorUrl)).text()).includes('<title>screen floor</title>'))
  tabs.floor = await quietTab(floorUrl);
const opened = Date.now();
const samples = Object.fromEntries(Object.keys(tabs).map((name) => [name, []]));
for (let minute = 1; minute <= memoryMinutes; minute++) {
  await new Promise((r) => setTimeout(r, Math.max(0, opened + minute * 60_000 - Date.now())));
  for (const [name, tab] of Object.entries(tabs)) {
    const sample = { minute, tab: await tab.footprint() };
    if (minute === 1 || minute % 10 === 0 || minute === memoryMinutes) {
      sample.heap = await tab.heap();
      sample.allocators = await tab.allocators();
      sample.purged = await tab.footprint();
    }
    samples[name].push(sample);
  }
}
const mb = (bytes) => (bytes / 1e6).toFixed(2);
for (const [name, taken] of Object.entries(samples)) {
  const what =
    name === 'floor' ? `the floor with ${dotCount} dots` : (memoryPath ?? `/cockpit with ${dotCount} dots`);
  for (const [key, measure] of [
    ['heap', 'JS heap after a GC'],
    ['purged', "tab's footprint collected and purged"],
    ['tab', "tab's private footprint"],
  ]) {
    const kept = taken.filter((s) => s[key] !== undefined);
    const [first, last] = [kept[0][key], kept.at(-1)[key]];
    console.log(
      `memory of ${what}, ${measure}: ${mb(first)} MB at minute 1 → ${mb(last)} MB at minute ${memoryMinutes} ` +
        `(${(((last - first) / first) * 100).toFixed(1)} %); ${kept.map((s) => `${s.minute}: ${mb(s[key])}`).join(', ')}`,
    );
  }
}
// Where the collected and purged footprint moved: the renderer's allocators that changed most from minute 1.
for (const [name, taken] of Object.entries(samples)) {
  const kept = taken.filter((s) => s.allocators);
  const [first, last] = [kept[0].allocators, kept.at(-1).allocators];
  const moved = Object.keys({ ...first, ...last })
    .map((path) => [path, (last[path] ?? 0) - (first[path] ?? 0)])
    .filter(([, delta]) => Math.abs(delta) >= 100_000)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, 12);
  console.log(
    `allocators of ${name}, minute 1 → ${memoryMinutes}: ` +
      moved
        .map(([path, delta]) => `${path} ${delta > 0 ? '+' : ''}${mb(delta)} (${mb(last[path] ?? 0)})`)
        .join(', '),
  );
  for (const s of kept)
    console.log(`allocators of ${name} at minute ${s.minute}: ${JSON.stringify(s.allocators)}`);
}
for (const tab of Object.values(tabs)) await tab.close();
await api('POST', `/blade-api/visual/map/remove?ids=${site.id}`);
