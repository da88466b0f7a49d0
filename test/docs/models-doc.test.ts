// The docs name every model the core has, where they list them: the model list in docs/core.md,
// `tempo models create`'s options in docs/cli.md and `npm run eval -- --model` in docs/accuracy.md.
// A model added to the core (assembly/models/registry.ts) without a word in these fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_BITS, MODEL_IDS } from '../../packages/core/src/abi.js';

const DOCS = join(import.meta.dirname, '..', '..', 'docs');
const doc = (name: string) => readFileSync(join(DOCS, name), 'utf8');

/** The names in `text` written as code (`ets`), of those in `names`, that are missing. */
function missing(text: string, names: readonly string[]): string[] {
  return names.filter((n) => !text.includes(`\`${n}\``));
}

/** The markdown table row whose first cell is `key`. */
function row(text: string, key: string): string {
  return text.split('\n').find((l) => l.startsWith(`| ${key} |`)) ?? '';
}

describe('the model lists in the docs', () => {
  const models = Object.keys(MODEL_IDS);
  const members = Object.keys(MEMBER_BITS);

  it('knows the models (the registry still has them)', () => {
    expect(models).toEqual(expect.arrayContaining(['tempo', 'ets', 'arima', 'sba', 'imapa']));
    expect(missing('`ets` and `dotm`', ['ets', 'dotm', 'arima'])).toEqual(['arima']);
  });

  it('docs/core.md describes every model', () => {
    const section = doc('core.md').split('## The models')[1] ?? '';
    expect(missing(section, models), 'add each to the list in docs/core.md, "The models"').toEqual([]);
  });

  it('docs/cli.md lists every model and member a model config may name', () => {
    const cli = doc('cli.md');
    expect(missing(row(cli, '`model`'), models), 'docs/cli.md, tempo models create, option `model`').toEqual([]);
    expect(missing(row(cli, '`members`'), members), 'docs/cli.md, tempo models create, option `members`').toEqual([]);
  });

  it('docs/accuracy.md lists every model `npm run eval -- --model` takes', () => {
    expect(missing(row(doc('accuracy.md'), '`--model NAME`'), models)).toEqual([]);
  });
});
