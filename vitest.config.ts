import { defineConfig } from 'vitest/config'

// Before any test runs: the compiled CLI that the tests spawning bin/portfolio.mjs run.
const buildCli = 'tests/helpers/build-cli.ts'

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine, so the
    // e2e files, which mostly wait on Chromium, the network and timers, ran only after every unit
    // file. Two workers let them overlap (the e2e files still run one after another).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: [buildCli],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: [buildCli, 'tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser, one built site: run the e2e files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
})
