import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fortuneSheetNoEval } from './build/fortuneSheetNoEval.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react(), fortuneSheetNoEval()],
  // The dev server pre-bundles dependencies with rolldown, without the plugins above.
  optimizeDeps: { rolldownOptions: { plugins: [fortuneSheetNoEval({ requireSeen: false })] } },
  resolve: { alias: { '@core': path.resolve(here, '../core') } },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:4000', '/server': 'http://127.0.0.1:4000' } },
});
