import { defineConfig } from 'vitest/config';
import { packageSources } from './test/support/package-sources.js';

// `npm run test:hostile`: the reliability drills (README) against real servers on 127.0.0.1, one file at a time so
// the latency and memory they measure are not another drill's load.
export default defineConfig({
  resolve: { alias: packageSources },
  test: {
    include: ['test/hostile/**/*.test.ts'],
    setupFiles: ['test/support/secret-scan-setup.ts'],
    globalSetup: ['test/hostile/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results/hostile.json' }]],
  },
});
