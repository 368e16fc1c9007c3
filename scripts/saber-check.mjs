// The Saber 4.9 console in headless Chromium against PlantDesk (scripts/saber-check.sh starts both): log in as a
// person would (the captcha's text read from Redis, where the backend keeps it), open each screen and its first
// row's 查看 dialog, edit a parameter, upload a console log, read the logs, log out; screenshot every step and
// record every API call that fails (HTTP status >= 400 or a body code other than 200) and every page error.
// SABER=http://127.0.0.1:19401 REDIS_URL=redis://127.0.0.1:6379/4 OUT=/tmp/saber node scripts/saber-check.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '../web/node_modules/playwright-core/index.mjs';

const base = process.env.SABER;
const out = process.env.OUT;
const redis = process.env.REDIS_URL;
// The screens of issue 31 at the paths PlantDesk's menu gives them (the dialect's VIEW_PATHS), and whether a fresh
// installation has rows there: no server error has happened yet, so the error log is empty.
const SCREENS = [
  ['user', '/system/user', true], ['role', '/authority/role', true], ['dict', '/system/dict', true],
  ['dept', '/system/dept', true], ['menu', '/system/menu', true], ['param', '/system/param', true],
  ['tenant', '/system/tenant', true], ['notice', '/desk/notice', true],
];
const LOGS = [['log-usual', '/monitor/log/usual', true], ['log-api', '/monitor/log/api', true],
              ['log-error', '/monitor/log/error', false]];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
let screen = 'login';
const failures = [];
const calls = [];
const foreign = new Set();  // what the console loads from other hosts (its icon fonts come from a CDN)
page.on('pageerror', (error) => failures.push({ screen, kind: 'pageerror', message: String(error).slice(0, 500) }));
page.on('requestfailed', (request) => {
  const url = new URL(request.url());
  if (url.host !== new URL(base).host) foreign.add(url.origin + url.pathname);
  // ERR_ABORTED: still loading when the check moved on to the next screen
  else if (request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push({ screen, kind: 'requestfailed', url: request.url() });
});
page.on('response', async (response) => {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/api/')) return;
  const call = { screen, method: response.request().method(), path: url.pathname + url.search,
                 status: response.status() };
  calls.push(call);
  let body = '';
  try { body = await response.text(); } catch { return; }  // a download, or a page that went away
  let code = 200;
  try { code = JSON.parse(body).code ?? 200; } catch { /* not JSON: the status decides */ }
  if (response.status() >= 400 || code !== 200) failures.push({ ...call, kind: 'response', code, body: body.slice(0, 500) });
});

async function settle() {
  await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {});
  await page.waitForTimeout(800);  // the tables render after the last answer
}

const results = [];
async function check(name, path, needsRows) {
  screen = name;
  const before = failures.length;
  await page.goto(`${base}${path}`);
  await settle();
  const rows = page.locator('.el-table__body-wrapper .el-table__row');
  // A long tree (the menu's ~380 rows) renders for seconds after its answer on a loaded machine.
  if (needsRows) await rows.first().waitFor({ timeout: 30000 }).catch(() => {});
  const count = await rows.count();
  const errors = await page.locator('.el-message--error').allInnerTexts();
  await page.screenshot({ path: `${out}/saber-${name}.png` });
  let viewed = false;
  const view = rows.first().getByText(/查\s*看/);
  if (count && await view.count()) {  // the row's detail dialog
    await view.first().click();
    await settle();
    await page.screenshot({ path: `${out}/saber-${name}-view.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
    viewed = true;
  }
  const failed = failures.length - before;
  const ok = !failed && !errors.length && (count > 0 || !needsRows);
  results.push({ screen: name, path, rows: count, viewed, errors, failed, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(10)} ${path.padEnd(20)} ${count} rows${viewed ? ', 查看' : ''}`
              + (errors.length ? ` errors: ${errors.join(' | ')}` : ''));
}

// Login: userlogin.vue fills tenant 000000 and admin/admin; the captcha's key comes with its image.
const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/captcha'));
await page.goto(`${base}/login`);
const { data } = await (await captcha).json();
const code = JSON.parse(execFileSync('redis-cli', ['-u', redis, '--raw', 'GET', `plantdesk:captcha:${data.key}`]).toString());
await page.getByPlaceholder(/验证码|code/i).fill(code);
await page.locator('.login-submit').click();
await page.waitForURL(/\/wel\/index/, { timeout: 30000 });
await settle();
await page.screenshot({ path: `${out}/saber-home.png` });
const icons = await page.locator('.avue-sidebar i, .el-menu i').evaluateAll((nodes) => nodes.map((n) => n.className));
const iconless = icons.filter((name) => !/^iconfont icon/.test(name) && !/el-icon|el-sub-menu__icon-arrow/.test(name));
results.push({ screen: 'login', ok: !failures.length && !iconless.length, sidebarIcons: icons.length, iconless });
console.log(`${iconless.length ? 'FAIL' : 'ok  '} login      sidebar: ${icons.length} icon classes`
            + (iconless.length ? `, not icon-font: ${iconless.join(' ')}` : ''));

for (const [name, path, needsRows] of SCREENS) await check(name, path, needsRows);

// A write through a form: the first parameter's 编辑 dialog saved unchanged (an API log row).
screen = 'param-edit';
await page.goto(`${base}/system/param`);
await settle();
await page.locator('.el-table__row').first().getByText(/编\s*辑/).click();
await page.waitForTimeout(800);
const saved = page.waitForResponse((r) => r.url().includes('/api/blade-system/param/submit'));
await page.getByRole('button', { name: /修\s*改/ }).click();
const submit = await saved;
await settle();
await page.screenshot({ path: `${out}/saber-param-edit.png` });
results.push({ screen: 'param-edit', ok: submit.status() === 200 });
console.log(`${submit.status() === 200 ? 'ok  ' : 'FAIL'} param-edit submit ${submit.status()}`);

// The error-log dialog's upload (top-logs.vue -> api/user.js sendLogs), through the console's own axios.
screen = 'send-logs';
const sent = await page.evaluate(() => window.axios({ url: '/user/send-logs', method: 'post', data: [
  { type: 'error', message: 'saber-check', stack: 'saber-check', info: 'saber-check', url: location.href,
    time: new Date().toLocaleString() }] }).then((r) => r.data.success, () => false));
results.push({ screen: 'send-logs', ok: sent });
console.log(`${sent ? 'ok  ' : 'FAIL'} send-logs`);
await page.waitForTimeout(2000);  // the logs are written in batches, at most a second later

for (const [name, path, needsRows] of LOGS) await check(name, path, needsRows);

// Logout from the user menu (top/index.vue): confirm, back to the login page, the token refused afterwards.
screen = 'logout';
await page.locator('.top-user .el-dropdown-link').hover();
await page.getByText('退出登录').click();
const loggedOut = page.waitForResponse((r) => r.url().includes('/api/blade-auth/logout'));
await page.locator('.el-message-box').getByRole('button', { name: /确定/ }).click();
const logout = await loggedOut;
await page.waitForURL(/\/login/, { timeout: 30000 });
await page.locator('.login-submit').waitFor();
await settle();
await page.screenshot({ path: `${out}/saber-logout.png` });
results.push({ screen: 'logout', ok: logout.status() === 200 });
console.log(`${logout.status() === 200 ? 'ok  ' : 'FAIL'} logout ${logout.status()}`);

writeFileSync(`${out}/result.json`, JSON.stringify({ results, failures, foreign: [...foreign], calls }, null, 2));
for (const failure of failures) console.log('failed:', JSON.stringify(failure));
for (const url of foreign) console.log('not loaded (another host):', url);
await browser.close();
process.exit(results.every((r) => r.ok) && !failures.length ? 0 : 1);
