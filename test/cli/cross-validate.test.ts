// `tempo cross-validate --file`: statsforecast's long cross-validation table and per-series metrics,
// each window what the core's backtest gives; a series too short for the windows refused or skipped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { runBacktest } from '../../src/backtest/run.js';
import { cli } from './in-process.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'tempo-cv-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const monthStart = (i: number) => new Date(Date.UTC(2018 + Math.floor(i / 12), i % 12, 1)).toISOString().slice(0, 10);
const value = (k: number, i: number) => Number((100 + k + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919 + k) % 11) / 3).toFixed(3));

function file(short: boolean): string {
  const rows: string[] = [];
  for (const [k, id] of ['a', 'b'].entries()) for (let i = 0; i < 40; i++) rows.push(`${id},${monthStart(i)},${value(k, i)}`);
  if (short) for (let i = 0; i < 5; i++) rows.push(`new,${monthStart(35 + i)},${value(5, i)}`);
  return `unique_id,ds,y\n${rows.join('\n')}\n`;
}

describe('tempo cross-validate --file', () => {
  it('writes unique_id,ds,cutoff,y,forecast,lo-95,hi-95 and per-series metrics, as the core backtests', async () => {
    const f = join(dir, 'sales.csv'), out = join(dir, 'cv.csv');
    writeFileSync(f, file(false));
    const r = await cli(['cross-validate', '--file', f, '--horizon', '3', '--windows', '2', '--out', out, '--workers', '1', '--json']);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ series: 2, windows: 2, metrics_file: join(dir, 'cv.metrics.csv') });
    const rows = readFileSync(out, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('unique_id,ds,cutoff,y,forecast,lo-95,hi-95');
    expect(rows).toHaveLength(1 + 2 * 2 * 3);
    const core = await loadForecaster();
    const y = Array.from({ length: 40 }, (_, i) => value(1, i));
    const bt = runBacktest((s, h, o) => core.forecast(s, h, o), { series: Float64Array.from(y), horizon: 3, windows: 2, step: 3, level: [95], periodHints: [12] });
    const b = rows.slice(7).map((l) => l.split(','));
    expect(b[0]).toEqual(['b', monthStart(34), monthStart(33), String(y[34]), String(bt.windows[0].forecast[0]), String(bt.windows[0].intervals!['95'].lower[0]), String(bt.windows[0].intervals!['95'].upper[0])]);
    expect(b[5].slice(0, 3)).toEqual(['b', monthStart(39), monthStart(36)]);
    const metrics = readFileSync(join(dir, 'cv.metrics.csv'), 'utf8').trim().split('\n');
    expect(metrics[0]).toBe('unique_id,mase,smape,rmsse,coverage-95');
    expect(metrics[2]).toBe(['b', bt.metrics.mase, bt.metrics.smape, bt.metrics.rmsse, bt.metrics.coverage!['95']].join(','));
    expect(summary.overall.mase).toBeCloseTo((Number(metrics[1].split(',')[1]) + bt.metrics.mase!) / 2, 3);
  });

  it('refuses a series too short for the windows by id, or skips it', async () => {
    const f = join(dir, 'short.csv'), out = join(dir, 'short-cv.csv');
    writeFileSync(f, file(true));
    const refused = await cli(['cross-validate', '--file', f, '--horizon', '3', '--windows', '2', '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('short.csv line 82, column y: 5 values are too few for 2 windows of horizon 3 every 3 values (needs 8); only 1 fit (series "new")');
    const skipped = await cli(['cross-validate', '--file', f, '--horizon', '3', '--windows', '2', '--out', out, '--on-invalid', 'skip']);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain('mean over series: mase ');
    expect(skipped.stderr).toContain('skipped 1 invalid series (1 problem), listed in');
    expect(new Set(readFileSync(out, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(['a', 'b']));
  });
});
