import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Builds the SDK package: ES modules under `dist/` (the entry `index.js`, its lazy parts as chunks
 * and one stylesheet). Every bare import (React, Fluent UI, MobX, inversify, Leaflet, ECharts ...)
 * stays an import: inside the console the host's import map gives each plugin the host's own copy,
 * and an outside project gets them from its own dependencies.
 */
export default defineConfig({
  root: here('.'),
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: here('./dist'),
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: here('./index.ts'), formats: ['es'], fileName: () => 'index.js', cssFileName: 'sdk' },
    rolldownOptions: { external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0') },
  },
});
