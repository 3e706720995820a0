import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
    },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machine, where most
    // files wait on child servers, PostgreSQL and the clock rather than compute. Two workers there took
    // the suite from 647 s to 337 s (2026-11-28).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/support/testing-library.setup.ts'],
  },
})
