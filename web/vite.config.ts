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
    // The longest journeys (antd forms, several round trips) take ~10 s on a quiet 2-core
    // machine and twice that when the machine is busy; a hang still fails within a minute.
    testTimeout: 60000,
  },
});
