import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Test files that replace a module (vi.mock) get a fresh module graph each; the others share
// one per worker, so antd and React are imported once per worker instead of once per file
// (two minutes became half of one). A replaced module would otherwise leak between files.
const root = fileURLToPath(new URL('.', import.meta.url));
const testFiles = (readdirSync(`${root}src`, { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`);
const replacingModules = testFiles.filter((file) => /vi\.(do)?[mM]ock\(/.test(readFileSync(`${root}${file}`, 'utf8')));

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    // antd is one large shared chunk; pages are split per route.
    chunkSizeWarningLimit: 1600,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Every test takes under a second (polls run on a fast clock, see useFastClock); a
    // generous bound for a loaded machine, and a hang fails within 15 s.
    testTimeout: 15000,
    // Every core (vitest keeps one free by default: half the machine idle on two cores).
    maxWorkers: '100%',
    projects: [
      { extends: true, test: { name: 'isolated', include: replacingModules } },
      { extends: true, test: { name: 'shared', isolate: false, include: testFiles.filter((file) => !replacingModules.includes(file)) } },
    ],
  },
});
