import { defineConfig } from 'vitest/config';
import { packageSources } from './test/support/package-sources.js';

export default defineConfig({
  resolve: { alias: packageSources },
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
    // files share their worker's module cache: importing the server's module graph afresh for each
    // of ~110 files cost about 40 s. A file restores what it changes (CONTRIBUTING.md, Tests), and
    // the secret scan's setup keeps one record per file (test/support/secret-scan-setup.ts)
    isolate: false,
    // a second run reuses the first's transformed modules (node_modules/.experimental-vitest-cache,
    // keyed by each file's content): about 4 s of transforming and 4 s of importing, summed over
    // both workers, down to 0.6 s and 4 s. A fresh clone (CI's npm ci) starts without it
    experimental: { fsModuleCache: true },
    // the JSON report lets .ci/run print a plain 'N passed, N failed' closing line
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
