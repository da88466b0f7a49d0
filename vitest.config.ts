import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the package check installs the packed tarball (compiling better-sqlite3): `npm run test:package`
    exclude: ['test/package/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // server tests start real processes and databases; two cores are all CI has
    maxWorkers: 2,
    fileParallelism: true,
    // the JSON report lets .ci/run print a plain 'N passed, N failed' closing line
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
