import { defineConfig } from 'vitest/config';

// `npm run test:package`: packs the project and installs the tarball in a clean directory, as a
// user (or the Dockerfile) would; slow because better-sqlite3 compiles, so it is kept out of `npm test`.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
