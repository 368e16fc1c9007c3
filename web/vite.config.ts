import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The backend serves the built app at / and the API at /api; in dev, Vite proxies /api to it.
const backend = process.env.PLANTDESK_API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
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
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'] },
            {
              name: 'shared',
              test: /node_modules[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 16_000,
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
