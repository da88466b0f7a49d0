import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the package check installs the packed tarball (compiling better-sqlite3): `npm run test:package`;
    // the hostile suite has its own config: `npm run test:hostile`
    exclude: ['test/package/**', 'test/hostile/**', '**/node_modules/**'],
    // every file: no created key may appear in a log line or a Tempo answer (test/support/secret-scan.ts)
    setupFiles: ['test/support/secret-scan-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // server tests start real processes and databases; two cores are all CI has
    maxWorkers: 2,
    fileParallelism: true,
    // the JSON report lets .ci/run print a plain 'N passed, N failed' closing line
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
