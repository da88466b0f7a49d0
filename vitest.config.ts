import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/hostile/**', 'node_modules/**'],
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
