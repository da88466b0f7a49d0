import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { defaultWasmPath, loadForecaster } from '../../src/core/node.js';
import { instantiateCore, type ArenaExports } from '../../packages/core/src/instantiate.js';
import { MODEL_IDS, MEMBER_BITS, STATUS, componentName, type Forecaster, type CoreModelName, type MemberName } from '@tempo-forecast/core';
// @ts-expect-error: a plain ESM script without type declarations
import { readRegistry, renderHostModule, renderReadmeTables, spliceReadme, HOST_FILE, README_FILE } from '../../scripts/gen-registry.js';
import { seasonalSeries } from '../support/series.js';

interface RawExports extends ArenaExports {
  forecast(yPtr: number, n: number, h: number, m: number, model: number, members: number, combine: number,
    levelsPtr: number, nLevels: number, outPtr: number, methodPtr: number): number;
}

let f: Forecaster;
let raw: RawExports;
let reg: { models: { id: number; name: string; member: number }[]; codes: { code: number; span: number; name: string }[] };
beforeAll(async () => {
  const bytes = await readFile(defaultWasmPath());
  f = await loadForecaster();
  raw = await instantiateCore<RawExports>(bytes);
  reg = await readRegistry(bytes);
});

// one raw call of the core's forecast export, so ids and bits the host would refuse reach the core
function rawStatus(model: number, members: number): number {
  const y = seasonalSeries(48, 12);
  raw.reset();
  const yPtr = raw.alloc(8 * y.length), outPtr = raw.alloc(8 * 6), methodPtr = raw.alloc(64);
  new Float64Array(raw.memory.buffer, yPtr, y.length).set(y);
  return raw.forecast(yPtr, y.length, 6, 12, model, members, 0, 0, 0, outPtr, methodPtr);
}

describe('the model registry', () => {
  it('the committed host module is what the core reports (run `npm run build` after changing the registry)', async () => {
    expect(await readFile(HOST_FILE, 'utf8')).toBe(renderHostModule(reg));
  });

  it('the ABI tables in assembly/README.md are what the core reports', async () => {
    const readme = await readFile(README_FILE, 'utf8');
    expect(spliceReadme(readme, renderReadmeTables(reg))).toBe(readme);
  });

  it('has unique ids, names, member bits and code ranges', () => {
    const ids = reg.models.map((m) => m.id), names = reg.models.map((m) => m.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    const bits = reg.models.map((m) => m.member).filter((b) => b !== 0);
    expect(new Set(bits).size).toBe(bits.length);
    for (const b of bits) expect(b & (b - 1), `member bit ${b} is one bit`).toBe(0);
    const ranges = [...reg.codes].sort((a, b) => a.code - b.code);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].code).toBeGreaterThanOrEqual(ranges[i - 1].code + ranges[i - 1].span);
  });

  it('every model id runs and every component it reports has a name', () => {
    const y = seasonalSeries(60, 12);
    for (const model of Object.keys(MODEL_IDS) as CoreModelName[]) {
      const r = f.forecast(y, 8, { seasonLength: 12, config: { model } });
      expect(r.forecast.every(Number.isFinite), model).toBe(true);
      for (const c of r.method.components) expect(c, `${model} reported ${c}`).not.toMatch(/^code\(/);
    }
  });

  it('every member runs alone as itself, never as another model', () => {
    const y = seasonalSeries(60, 12);
    const expected: Record<string, RegExp> = {
      ets: /^ets\(/, damped: /^ets\([AM],Ad,/, theta: /^theta$/, otm: /^otm$/, dotm: /^dotm$/,
      arima: /^arima\(/, snaive: /^snaive$/, naive: /^naive$/,
      sba: /^sba$/, tsb: /^tsb$/, adida: /^adida$/, imapa: /^imapa$/,
    };
    for (const member of Object.keys(MEMBER_BITS) as MemberName[]) {
      expect(expected[member], `a test expectation for member ${member}`).toBeDefined();
      const r = f.forecast(y, 6, { seasonLength: 12, config: { members: [member] } });
      expect(r.method.components, member).toHaveLength(1);
      expect(r.method.components[0], member).toMatch(expected[member]);
    }
  });

  it('refuses an id or member bit nothing implements (11 and bit 64 were ces) instead of running another model', () => {
    expect(rawStatus(MODEL_IDS.tempo, 0)).toBe(STATUS.OK);
    expect(rawStatus(11, 0)).toBe(STATUS.UNKNOWN_MODEL);
    expect(rawStatus(99, 0)).toBe(STATUS.UNKNOWN_MODEL);
    expect(rawStatus(-1, 0)).toBe(STATUS.UNKNOWN_MODEL);
    expect(rawStatus(MODEL_IDS.tempo, 64)).toBe(STATUS.UNKNOWN_MODEL);
    expect(rawStatus(MODEL_IDS.tempo, MEMBER_BITS.ets | 64)).toBe(STATUS.UNKNOWN_MODEL);
    expect(rawStatus(MODEL_IDS.tempo, MEMBER_BITS.ets)).toBe(STATUS.OK);
  });

  it('the host knows no ces, and names codes the core does not produce as unknown', () => {
    expect('ces' in MODEL_IDS).toBe(false);
    expect('ces' in MEMBER_BITS).toBe(false);
    expect(componentName(5001)).toBe('code(5001)');
    expect(componentName(2003)).toBe('code(2003)');
    expect(componentName(1221)).toBe('ets(M,Ad,A)');
    expect(componentName(4011001)).toBe('arima(0,1,1)(0,0,1)');
    expect(componentName(3005)).toBe('constant');
  });
});
