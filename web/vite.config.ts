import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Every test takes under a second (polls run on a fast clock, see useFastClock); a
    // generous bound for a loaded machine, and a hang fails within 15 s.
    testTimeout: 15000,
    // Every core (vitest keeps one free by default: half the machine idle on two cores).
    maxWorkers: '100%',
  },
});
