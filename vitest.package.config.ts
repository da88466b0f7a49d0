import { defineConfig } from 'vitest/config';

// `npm run test:package`: packs the project and installs the tarball in a clean directory, as a
// user (or the Dockerfile) would, and does the same with each workspace package (packages/core,
// packages/client); slow because better-sqlite3 compiles, so it is kept out of `npm test`.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    // one file at a time: each packs, and `npm pack` builds first, so two at once would race on dist/
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
