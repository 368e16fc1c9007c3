import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built by `node bench/large-screens.mjs --build-floor` with the console's own packages (web/node_modules, linked
// here for the build) into a copy of the console's build, served as /screen-floor/ beside it.
export default defineConfig({
  root: import.meta.dirname,
  base: '/screen-floor/',
  plugins: [react()],
  build: { outDir: 'dist/screen-floor', emptyOutDir: true },
});
