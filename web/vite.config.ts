import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The backend serves the built app at / and the API at /api; in dev, Vite proxies /api to it.
const backend = process.env.PLANTDESK_API_URL ?? 'http://127.0.0.1:8000';

/**
 * The boot entry (index.html), its modules (src/boot and what it imports) and the bundler's helpers (virtual modules, which the
 * boot entry uses too): shared with the console, never part of its vendor chunk, or the boot entry would load
 * all of it. bundle-size.mjs's boot figure shows when one is missing here.
 */
const BOOT_MODULES =
  /[\\/](src[\\/](boot[\\/]|i18n[\\/]boot\.ts|app[\\/]menus\.ts|themes[\\/]palette\.ts|views[\\/]visual[\\/](routes|screen[\\/](loadECharts|layouts))\.ts)|node_modules[\\/]js-md5[\\/])/;
const isBootShared = (id: string) => BOOT_MODULES.test(id) || id.startsWith('\0vite/preload-helper');
const isBootModule = (id: string) =>
  id.endsWith('.html') || id.startsWith('\0') || id.startsWith('rolldown:') || BOOT_MODULES.test(id);

/**
 * The modules a large screen opened by its address (views/visual/screen/standalone.tsx, docs/decisions.md "Large
 * screens without the console") and the screens' own modules share with the console's entry: read off the module graph once it is complete,
 * they go into a chunk of their own that both import. Left in the console's chunk, they would make the screen
 * load and start the whole console.
 */
const SCREEN_MODULES = /[\\/]src[\\/]views[\\/]visual[\\/]screen[\\/][^\\/]+\.tsx?$/;
const CONSOLE_ENTRY = /[\\/]src[\\/]main\.tsx$/;
const screenShared = new Set<string>();
const screenSharedGraph: Plugin = {
  name: 'plantdesk-screen-shared',
  buildEnd() {
    const staticGraph = (roots: RegExp) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const id of this.getModuleIds()) if (roots.test(id)) visit(id);
      return seen;
    };
    const console = staticGraph(CONSOLE_ENTRY);
    for (const id of staticGraph(SCREEN_MODULES)) if (console.has(id)) screenShared.add(id);
  },
};

export default defineConfig({
  plugins: [react(), screenSharedGraph],
  // `#src/...` is the one import root (tsconfig paths mirror it); no deep relative chains.
  resolve: { alias: { '#src': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/api': { target: backend, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: backend, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // The manifest lets scripts/bundle-size.mjs measure the initial JS budget (frontend.md §6).
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // The entry's static imports (react, antd core, router, query, i18n...) as one chunk instead of ~30:
    // per-request cost dominates over HTTP/1.1 with six connections. Libraries shared by lazy chunks are
    // grouped by the set of pages that use them, and sets under 16 KB merge into a neighbour: a notice deep
    // link loads 23 files instead of 36 and the login page 7 instead of 15 (each file is a request and a
    // <link rel=modulepreload> inserted on the main thread), for a few KB more on some routes.
    rolldownOptions: {
      // Two entries (docs/decisions.md "Console first paint"): index.html's boot entry, which paints the login
      // form, and the console (main.tsx), which the boot entry imports; `vendor` is the console's static graph
      // less the boot entry's own modules, so the boot entry loads none of it.
      input: { index: 'index.html', console: 'src/main.tsx' },
      output: {
        codeSplitting: {
          groups: [
            // What the boot entry shares with the console, in one small chunk of its own: left to itself the
            // bundler puts it in the console's entry chunk, which index.html would then preload.
            { name: 'boot', test: isBootShared, priority: 3 },
            { name: 'screen-shared', test: (id) => screenShared.has(id), priority: 2 },
            { name: 'vendor', tags: ['$initial'], test: (id) => !isBootModule(id), priority: 1 },
            {
              name: 'shared',
              test: /node_modules[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 16_000,
              // A small set merges into its closest neighbour whatever that neighbour weighs: six header and menu
              // icons shared with the camera pages went into hls.js's set, and every page under the shell loaded
              // 176 KB gzip of HLS player with its layout. A module this large (hls.js is one file) stays out of
              // the groups and comes only with the chunks that import it.
              maxModuleSize: 100_000,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A CrudPage test renders the whole antd table and dialog: 5 s was seen running out on a loaded 2-core box.
    testTimeout: 20_000,
  },
});
