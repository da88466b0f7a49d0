import { describe, it, expect } from 'vitest';
import { validateModelConfig } from '../../src/store/model-config.js';
import { MEMBER_BITS, MODEL_IDS } from '../../packages/core/src/abi.js';

describe('validateModelConfig', () => {
  it('accepts an empty config and every allowed option', () => {
    expect(validateModelConfig({})).toEqual({ ok: true, config: {} });
    const full = { season_length: 12, members: Object.keys(MEMBER_BITS), combination: 'median', model: 'tempo' };
    expect(validateModelConfig(full)).toEqual({ ok: true, config: full });
    for (const model of Object.keys(MODEL_IDS)) expect(validateModelConfig({ model }).ok, model).toBe(true);
  });

  it.each([
    [{ season: 12 }, '/season'],
    [{ season_length: 0 }, '/season_length'],
    [{ season_length: 1.5 }, '/season_length'],
    [{ season_length: '12' }, '/season_length'],
    [{ members: ['ets', 'ets'] }, '/members'],
    [{ members: [] }, '/members'],
    [{ members: ['ets', 'prophet'] }, '/members/1'],
    [{ combination: 'max' }, '/combination'],
    [{ model: 'lstm' }, '/model'],
    [{ model: 'ets', members: ['ets'] }, '/members'],
    [{ model: 'theta', combination: 'mean' }, '/combination'],
    [[], ''],
    ['x', ''],
    [null, ''],
  ])('rejects %j with pointer %s', (config, pointer) => {
    const res = validateModelConfig(config);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.errors.map((e) => e.pointer)).toContain(pointer);
  });
});
