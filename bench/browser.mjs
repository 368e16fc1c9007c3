import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Builds the floor page in bench/`name` with the console's own packages (web/node_modules, linked there). */
export function buildFloor(name) {
  const dir = `${import.meta.dirname}/${name}`;
  execFileSync('ln', ['-sfn', '../../web/node_modules', `${dir}/node_modules`]);
  execFileSync('npx', ['vite', 'build', '--config', `${dir}/vite.config.ts`, '--logLevel', 'warn'], {
    cwd: `${import.meta.dirname}/../web`,
    stdio: 'inherit',
  });
}

/**
 * A page alone in a Chromium of its own, with no DevTools client attached to it between samples: a footprint each
 * minute is read from /proc, the JS heap and a collected footprint by a client that attaches for the reading and
 * leaves. Signed in as the tenant's admin first (in a profile of its own) when `signInAt` names the server.
 */
export async function quietTab(url, signInAt) {
  const profile = mkdtempSync(`${tmpdir()}/plantdesk-bench-`);
  if (signInAt) {
    const signing = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    await signIn(await signing.newPage(), signInAt);
    await signing.close();
  }
  const chrome = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--enable-precise-memory-info',
      '--js-flags=--expose-gc',
      '--window-size=1920,1080',
      url,
    ],
    { stdio: 'ignore' },
  );
  let port;
  while (!port) {
    await new Promise((r) => setTimeout(r, 200));
    port =
      existsSync(`${profile}/DevToolsActivePort`) &&
      readFileSync(`${profile}/DevToolsActivePort`, 'utf8').split('\n')[0];
  }
  const client = async (type) => {
    const targets = await (
      await fetch(`http://127.0.0.1:${port}/json/${type === 'browser' ? 'version' : 'list'}`)
    ).json();
    const target = type === 'browser' ? targets : targets.find((t) => t.type === 'page');
    return devtools(target.webSocketDebuggerUrl);
  };
  // The tab's memory as Chrome's task manager counts it: its renderer's private footprint (RssAnon + VmSwap); a
  // spare renderer Chromium keeps ready holds no page, so the largest renderer is the tab's.
  const renderers = async () => {
    const browser = await client('browser');
    const { processInfo } = await browser.send('SystemInfo.getProcessInfo');
    browser.close();
    const kb = (status, field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return processInfo
      .filter((p) => p.type === 'renderer')
      .map((p) => {
        const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
        return { pid: p.id, footprint: (kb(status, 'RssAnon') + kb(status, 'VmSwap')) * 1024 };
      })
      .sort((a, b) => b.footprint - a.footprint);
  };
  const footprint = async () => (await renderers())[0].footprint;
  const rendererPid = async () => (await renderers())[0].pid;
  // A deterministic memory dump (Chromium collects every heap and purges its allocators first): its trace events.
  const memoryDump = async () => {
    const browser = await client('browser');
    const events = [];
    browser.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = browser.next('Tracing.tracingComplete');
    await browser.send('Tracing.start', {
      traceConfig: {
        includedCategories: ['disabled-by-default-memory-infra'],
        memoryDumpConfig: { triggers: [] },
      },
    });
    const { success } = await browser.send('Tracing.requestMemoryDump', {
      deterministic: true,
      levelOfDetail: 'detailed',
    });
    await browser.send('Tracing.end');
    await complete;
    browser.close();
    if (!success) throw new Error('the memory dump failed');
    return events.filter((e) => e.ph === 'v' && e.args?.dumps);
  };
  const evaluate = async (expression) => {
    const page = await client('page');
    const { result } = await page.send('Runtime.evaluate', { expression, returnByValue: true });
    page.close();
    return result.value;
  };
  return {
    footprint,
    evaluate,
    heap: () => evaluate('gc(); performance.memory.usedJSHeapSize'),
    // What each allocator of the tab's renderer holds after a deterministic memory dump (bytes by allocator path,
    // `depth` levels deep: v8, blink_gc, partition_alloc/partitions, malloc, cc, skia...): where a footprint's growth
    // lives. The footprint read right after it is the tab's collected and purged.
    async allocators(depth = 2) {
      const dumps = await memoryDump();
      const renderer = await rendererPid();
      const sizes = {};
      for (const event of dumps.filter((e) => e.pid === renderer)) {
        for (const [path, { attrs }] of Object.entries(event.args.dumps.allocators ?? {})) {
          // shared_memory's children are segments named by a new id each dump: only their sum compares.
          if (path.split('/').length <= depth && attrs?.size && !path.startsWith('shared_memory/'))
            sizes[path] = Number.parseInt(attrs.size.value, 16);
        }
      }
      return sizes;
    },
    async close() {
      const exited = new Promise((resolve) => chrome.once('exit', resolve));
      chrome.kill();
      await exited; // the profile is written to until then
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A DevTools protocol client over the endpoint's WebSocket: `send` a command, await the `next` event of a name,
 * or hear every event of a name (`on`). */
async function devtools(endpoint) {
  const socket = new WebSocket(endpoint);
  const pending = new Map();
  const awaited = new Map();
  const listeners = new Map();
  let id = 0;
  socket.onmessage = ({ data }) => {
    const message = JSON.parse(data);
    if (message.id) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    } else {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params);
      awaited.get(message.method)?.(message.params);
      awaited.delete(message.method);
    }
  };
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        pending.set(++id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    next: (method) => new Promise((resolve) => awaited.set(method, resolve)),
    on: (method, listener) => listeners.set(method, [...(listeners.get(method) ?? []), listener]),
    close: () => socket.close(),
  };
}
