import { quietTab } from './browser.mjs';
import { ADMIN_PASSWORD_HASH, demoApi, dotMap } from './dot-map.mjs';

// Where a large screen's memory growth comes from, one change at a time: the cockpit with DOTS (default 200) live
// dots opened in a Chromium of its own per variant, all side by side (so the machine's load falls on each alike);
// each variant is a style sheet (or a script) added to the page once it has drawn its dots. Every five minutes from
// minute 1 to MINUTES (default 11): the footprint once collected and purged and what Blink's heap (blink_gc), V8,
// malloc and the compositor (cc) hold after the dump. blink_gc's slope shows in ten minutes.
// Some variants open another page (PAGES): the floor as a plain line per dot (`floor`) or as the screen's own
// MapView (`floormap`), and the demo plant's own screens (`demo` for its cockpit, `part`, `wisdomView`,
// `batchMonitor`, `flowMonitor`).
// BASE=http://127.0.0.1:18000 node bench/large-screen-variants.mjs base novalues floormap
// MAP=<id> reuses a map of an earlier run (else a new one is made when a page needs it and kept, its id printed).
const VARIANTS = {
  base: '',
  nolabel: '.vm-label { display: none !important }',
  novalues: '.vm-values { display: none !important }',
  nolayer: '.vm-label { will-change: auto !important }',
  nofilter: '.vm-dot svg { filter: none !important }',
  nosvg: '.vm-dot svg { display: none !important }',
  nopulse: '.vm-dot svg { animation: none !important }',
  nozindex: '.vm-dot { z-index: auto !important }',
  notabular: '.vm-values { font-variant-numeric: normal !important }',
  nopre: '.vm-label { white-space: nowrap !important }',
  fontplain: '.vm-label { font-family: sans-serif !important }',
  bound: '.vm-values { contain: strict !important; width: 10em; height: 1.3em; overflow: hidden }',
  labelbound: '.vm-label { contain: strict !important; width: 170px; height: 40px; overflow: hidden }',
  labelcontent: '.vm-label { contain: content !important }',
  nocharts:
    '[data-testid=alarm-levels], [data-testid=line-states], [data-testid=oee-gauges], [data-testid=oee-trend], [data-testid=trends] { display: none !important }',
  noclock: '[data-testid=screen-clock] { display: none !important }',
  // The KPI tiles, the alarm list, the batches and the devices (the panels drawn as HTML, not charts).
  nolists:
    '[data-panel=kpis], [data-panel=alarms], [data-panel=batches], [data-panel=devices] { display: none !important }',
};
const SCRIPTS = {
  // No title attributes (React sets them with setAttribute).
  notitle: `const set = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (name, value) { if (name !== 'title') set.call(this, name, value); };
    for (const e of document.querySelectorAll('[title]')) e.removeAttribute('title');`,
  // No animation frames: ECharts' zrender keeps a requestAnimationFrame loop per chart.
  noraf: 'window.requestAnimationFrame = () => 0;',
  // No live values after load: every stream's next read never answers (the refresh goes on).
  frozen: 'ReadableStreamDefaultReader.prototype.read = () => new Promise(() => {});',
  // No refresh of the screen's answer (it asks only while the page is visible).
  norefresh: "Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });",
  // The charts draw nothing: every method of their 2D contexts does nothing (measureText answers a fixed width).
  nocanvas: `const proto = CanvasRenderingContext2D.prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const field = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof field.value === 'function' && name !== 'constructor')
        proto[name] = name === 'measureText' ? () => ({ width: 10 }) : () => {};
    }`,
  // The refresh asks as before but always reads its first answer again: the request and its parse go on, the
  // panels get equal data (the query keeps the old objects) and draw nothing new.
  samerefresh: `const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (method, url, ...rest) {
      this.screen = String(url).includes('/visual/screen');
      return open.call(this, method, url, ...rest);
    };
    const first = {};
    for (const field of ['response', 'responseText']) {
      const read = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, field).get;
      Object.defineProperty(XMLHttpRequest.prototype, field, {
        get() {
          const value = read.call(this);
          if (!this.screen || this.readyState !== 4) return value;
          first[field] ??= value;
          return first[field];
        },
      });
    }`,
};
const base = process.env.BASE ?? 'http://127.0.0.1:18000';
const minutes = Number(process.env.MINUTES ?? 11);
// ASCII=1: the dots' labels name their tags in ASCII (P0, P1...) instead of the points' bilingual names.
const monitor = process.env.ASCII === '1' ? (i) => `P${i}` : undefined;
const api = demoApi(base);
let benchMap = process.env.MAP;
const benchMapId = async () => {
  if (benchMap === undefined) {
    benchMap = (await dotMap(api, Number(process.env.DOTS ?? 200), 'variants', monitor)).id;
    console.log(`map ${benchMap}`);
  }
  return benchMap;
};
const floor = async (dotsAs) => [
  `${base}/screen-floor/index.html?mapId=${await benchMapId()}${dotsAs}#${ADMIN_PASSWORD_HASH}`,
];
const demoScreen = (path) => async () => {
  const plan = await api('GET', `/blade-api/visual/map/list?mapName=${encodeURIComponent('厂区总图')}`);
  return [`${base}${path}?mapId=${plan.records[0].id}`, base];
};
// The page a variant opens instead of the cockpit over the bench's map: the floor (the server serving
// bench/screen-floor, see large-screens.mjs) as a plain line per dot or as the screen's own MapView (React alone),
// or a large screen as the demo plant ships it, over the plant's own site map (its 8 dots): the cockpit (`demo`),
// `part`, `wisdomView` and the two monitors. Each answers quietTab's arguments (the floor signs in itself).
const PAGES = {
  floor: () => floor(''),
  floormap: () => floor('&dots=map'),
  demo: demoScreen('/cockpit'),
  part: demoScreen('/part'),
  wisdomView: demoScreen('/wisdomView'),
  batchMonitor: demoScreen('/index/batchMonitor'),
  flowMonitor: demoScreen('/index/flowMonitor'),
};
const cockpit = async () => [`${base}/cockpit?mapId=${await benchMapId()}`, base];
// A name is a variant, or several joined by `+`; one of them may be a page (`floormap+nosvg`: the floor's MapView
// with the markers hidden).
const names = process.argv.slice(2);
const parts = (name) => name.split('+');
const unknown = names.flatMap(parts).filter((n) => !(n in VARIANTS) && !(n in SCRIPTS) && !(n in PAGES));
if (names.length === 0 || unknown.length > 0) {
  console.error(
    `variants: ${[...Object.keys(VARIANTS), ...Object.keys(SCRIPTS), ...Object.keys(PAGES)].join(' ')}`,
  );
  process.exit(2);
}

const tabs = {};
for (const name of names) {
  const page = PAGES[parts(name).find((n) => n in PAGES)] ?? cockpit;
  tabs[name] = await quietTab(...(await page()));
}
await new Promise((r) => setTimeout(r, 20_000));
const style = (css) =>
  `document.head.append(Object.assign(document.createElement('style'), { textContent: ${JSON.stringify(css)} }));`;
for (const name of names) {
  const change = parts(name)
    .filter((n) => !(n in PAGES))
    .map((n) => SCRIPTS[n] ?? style(VARIANTS[n]))
    .join('\n');
  const dots = await tabs[name].evaluate(
    `${change}; document.querySelector('[data-floor]')?.dataset.floor ?? document.querySelectorAll('[data-dot]').length`,
  );
  console.log(`${name}: ${dots} dots`);
}
const opened = Date.now();
const mb = (bytes) => (bytes / 1e6).toFixed(2);
// SPACES=1: Blink's heap by space too (blink_gc/main/heap/<space>), to see where its growth lands.
const depth = process.env.SPACES === '1' ? 4 : 1;
for (let minute = 1; minute <= minutes; minute += 5) {
  await new Promise((r) => setTimeout(r, Math.max(0, opened + minute * 60_000 - Date.now())));
  for (const name of names) {
    const held = await tabs[name].allocators(depth);
    const purged = await tabs[name].footprint();
    const sizes = ['blink_gc', 'v8', 'malloc', 'cc'].map((a) => `${a} ${mb(held[a] ?? 0)}`).join(', ');
    console.log(`minute ${minute} ${name}: purged ${mb(purged)} MB; ${sizes}`);
    const spaces = Object.entries(held).filter(([path]) => path.startsWith('blink_gc/main/heap/'));
    if (spaces.length > 0)
      console.log(`  ${spaces.map(([path, bytes]) => `${path.split('/').pop()} ${mb(bytes)}`).join(', ')}`);
  }
}
for (const tab of Object.values(tabs)) await tab.close();
