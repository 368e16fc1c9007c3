// Measures the JS budgets of frontend.md §6 and issue 32 on a production build (dist/):
// boot JS = the entry script plus every modulepreload in dist/index.html, all the JS before the login form
// (budget 30 KB); the console's main bundle = src/main.tsx's chunk and its static imports (budget 250 KB);
// a route's cost = the gzip size of its chunk's static imports that are in neither; a deep link to a list = what
// a signed-in cold load of /desk/notice fetches before its first row: the console, the shell layout and the route
// with their static imports, beyond the boot JS. Sizes are gzip -9, KB = 1024 B.
// Usage: node scripts/bundle-size.mjs   (after `npm run build`)
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const initial = new Set(
  [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  ),
);
const initialBytes = [...initial].reduce((sum, file) => sum + gz(file), 0);

/** A module both imported and loaded lazily is a shared chunk: the manifest lists it by chunk name, not by source. */
function chunkOf(source) {
  const name = basename(source, extname(source));
  return manifest[source] ?? Object.values(manifest).find((chunk) => chunk.name === name && !chunk.src);
}

function closure(key, seen = new Set()) {
  const chunk = chunkOf(key);
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const routes = {
  login: 'src/pages/login/index.tsx',
  layout: 'src/layout/index.tsx',
  home: 'src/views/desk/welcome/index.tsx',
  notice: 'src/views/desk/notice/index.tsx',
  profile: 'src/views/user/profile/index.tsx',
  param: 'src/views/system/param/index.tsx',
  post: 'src/views/system/post/index.tsx',
  tenantpackage: 'src/views/system/tenantpackage/index.tsx',
  formDesign: 'src/views/form/design/index.tsx',
  formFill: 'src/views/form/fill/index.tsx',
};

const consoleFiles = closure('src/main.tsx');
const consoleBytes = [...consoleFiles].filter((f) => !initial.has(f)).reduce((sum, f) => sum + gz(f), 0);
const loaded = new Set([...initial, ...consoleFiles]);

console.log(
  `boot JS before the login form (entry + modulepreloads): ${kb(initialBytes)} gzip in ${initial.size} files`,
);
console.log(
  `console main bundle (src/main.tsx + static imports, beyond the boot JS): ${kb(consoleBytes)} gzip`,
);
const layoutFiles = closure(routes.layout);
const deepLink = new Set(
  [...consoleFiles, ...layoutFiles, ...closure(routes.notice)].filter((f) => !initial.has(f)),
);
console.log(
  `deep link /desk/notice (console + shell layout + route, beyond the boot JS): ${kb([...deepLink].reduce((sum, f) => sum + gz(f), 0))} gzip in ${deepLink.size} files`,
);
for (const [name, key] of Object.entries(routes)) {
  const files = [...closure(key)].filter((f) => !loaded.has(f));
  const extra = files.reduce((sum, f) => sum + gz(f), 0);
  const beyondLayout = files.filter((f) => !layoutFiles.has(f)).reduce((sum, f) => sum + gz(f), 0);
  const note = name === 'login' || name === 'layout' ? '' : ` (${kb(beyondLayout)} beyond the shell layout)`;
  console.log(`route ${name}: +${kb(extra)} gzip over boot and console${note}`);
}
// A large screen opened by its address starts without the console (views/visual/screen/standalone.tsx): the
// standalone mount, the screen's route and its charts, and the token refresh it runs for days, beyond the boot
// JS; the console's chunk must not be among them, or the screen would load and start the whole console.
const screenFiles = new Set(
  [
    'src/views/visual/screen/standalone.tsx',
    'src/views/visual/screen/Cockpit.tsx',
    'src/views/visual/screen/echarts.ts',
    'src/app/refreshSession.ts',
  ]
    .flatMap((key) => [...closure(key)])
    .filter((f) => !initial.has(f)),
);
if (screenFiles.has(manifest['src/main.tsx'].file)) {
  console.error('large screen /cockpit: loads the console chunk');
  process.exitCode = 1;
}
console.log(
  `large screen /cockpit by its address (standalone + route + ECharts, beyond the boot JS): ${kb([...screenFiles].reduce((sum, f) => sum + gz(f), 0))} gzip in ${screenFiles.size} files`,
);
