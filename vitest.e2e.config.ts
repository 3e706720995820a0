import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * End-to-end tests: the real server as a child process, the built SPA, headless Chromium. One worker,
 * one file after another (each file starts its own server and browser); the SPA is built once per run
 * by the global setup.
 */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
