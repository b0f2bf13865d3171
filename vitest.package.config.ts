import { defineConfig } from 'vitest/config'

// `npm run test:package`: the packed tool installed in an empty folder (tests/package/), kept out of
// `npm test` for its ~1.5 minutes of npm installs and a build.
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/build-cli.ts'],
    testTimeout: 480_000,
    hookTimeout: 180_000,
  },
})
