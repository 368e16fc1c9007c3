import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built by bench/web-floor.mjs with the console's own packages (web/node_modules, linked here for the build).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
