import { defineConfig } from 'vitest/config'
import { INTERRUPT_BUDGET } from './bin/v8-flags.mjs'

// As the CLI runs (bin/v8-flags.mjs), so code caches made by a test run are the ones a build takes.
const execArgv = [INTERRUPT_BUDGET]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          execArgv,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          execArgv,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser, one built site: run the e2e files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
})
