import { defineConfig } from 'vitest/config'

// Before any test runs: the compiled CLI that the tests spawning bin/portfolio.mjs run.
const buildCli = 'tests/helpers/build-cli.ts'

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine. Two
    // workers, shared by both projects: the e2e files, which mostly wait on Chromium, the network and
    // timers, run beside the unit files. A project with file parallelism off gets a worker of its own
    // in a group Vitest runs after all the others, so the e2e files would start only once every unit
    // file had ended.
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
          // Vitest's default of 1 s is shorter than a lazy chunk and its data take to arrive when both
          // cores are busy (a chat that opened in 1.2 s failed CI); a poll that succeeds returns at once.
          expect: { poll: { timeout: 15_000 } },
          // Each file launches its own browser and only reads the sites the global setup built and
          // serves, so two e2e files may run at once.
        },
      },
    ],
  },
})
