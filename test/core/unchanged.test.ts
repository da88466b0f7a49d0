import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { unchangedCases, digestAll } from './fixtures/unchanged-cases.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

// The fixture was written by make-unchanged.ts from the build of the commit it names: a request
// without regressors or quantiles must keep every byte of its answer. It was first written before
// regressors and quantiles existed, and written again when the hourly and weekly members changed
// those groups' answers on purpose (every other recorded answer was still byte for byte the same).
describe('answers without regressors or quantiles', () => {
  let core: Forecaster;
  beforeAll(async () => { core = await loadForecaster(); });

  it('are byte-identical to the recorded build on 750+ requests', () => {
    const recorded = JSON.parse(readFileSync(join(here, 'fixtures', 'unchanged-digests.json'), 'utf8')) as { cases: Record<string, string> };
    const now = digestAll(core, unchangedCases(root));
    expect(Object.keys(now).length).toBeGreaterThan(750);
    const changed = Object.keys(recorded.cases).filter((k) => now[k] !== recorded.cases[k]);
    expect(changed).toEqual([]);
    expect(Object.keys(now).sort()).toEqual(Object.keys(recorded.cases).sort());
  }, 120_000);
});
