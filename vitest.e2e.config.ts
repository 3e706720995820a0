import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * End-to-end tests: the real server as a child process, the built SPA, headless Chromium. Two files at a
 * time, each with its own server, database and browser (the tests within a file run in order); the SPA
 * is built once per run by the global setup.
 */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    // Two workers on the two-core CI machine: most of a file's time is waiting on its server and browser,
    // and two at a time took the suite from 546 s to 393 s (2026-11-28).
    maxWorkers: 2,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
