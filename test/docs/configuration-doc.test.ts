// docs/configuration.md cannot drift from src/config/config.ts: every variable and flag the
// configuration reads has a row, and every row names something it reads, with the default and the
// accepted values loadConfig really has. Those are found by asking loadConfig itself (a bad value's
// message states the range; setting a value shows which field it fills, and the untouched
// configuration that field's default), so a variable added to config.ts is checked with no change here.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_PER_HOUR, DEFAULT_RATE_PER_MINUTE, loadConfig, type Env, type Flags } from '../../src/config/config.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE = readFileSync(join(ROOT, 'src', 'config', 'config.ts'), 'utf8');
const DOC = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');

// defaults that depend on the machine: the doc states the rule, the test checks the rule's value here
const MACHINE_DEFAULTS: Record<string, { doc: string; value: () => unknown }> = {
  TEMPO_WORKERS: { doc: 'min(2, CPU cores)', value: () => Math.min(2, availableParallelism()) },
  TEMPO_JOB_WORKERS: { doc: 'min(2, CPU cores)', value: () => Math.min(2, availableParallelism()) },
};

type Kind =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'choice'; values: string[] }
  | { kind: 'url'; protocols: string[] }
  | { kind: 'secret'; minLength: number }
  | { kind: 'host' }
  | { kind: 'text' };

interface Setting { variable: string; flag: string | null; kind: Kind; path: string; defaultValue: unknown }

/** Every variable config.ts names (any quoted TEMPO_* name, *_URL, PORT, HOST) and the flag paired with it. */
function readBySource(): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const m of SOURCE.matchAll(/'((?:TEMPO_[A-Z0-9_]+)|(?:[A-Z]+_URL)|PORT|HOST)'/g)) out.set(m[1], null);
  for (const m of SOURCE.matchAll(/pick\(flags, '([a-z-]+)', env, '([A-Z0-9_]+)'\)/g)) out.set(m[2], `--${m[1]}`);
  return out;
}

function errorOf(flags: Flags, env: Env): string | null {
  try {
    loadConfig(flags, env);
    return null;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message;
  }
}

/** What values `variable` takes, from the message loadConfig gives for ones it refuses. */
function kindOf(variable: string): Kind {
  const message = errorOf({}, { [variable]: 'not a value ✗' });
  if (message === null) return { kind: 'text' };
  let m = /must be a whole number from (\d+) to (\d+)/.exec(message);
  if (m) return { kind: 'integer', min: Number(m[1]), max: Number(m[2]) };
  if (/must be 1 or 0/.test(message)) return { kind: 'boolean' };
  m = /must be one of (.+?) \(got/.exec(message);
  if (m) return { kind: 'choice', values: m[1].split(', ') };
  if (/must be a URL/.test(message)) {
    const wrong = errorOf({}, { [variable]: 'ftp://probe.invalid/' }) ?? '';
    const p = /must be an? (.+?) URL/.exec(wrong);
    return { kind: 'url', protocols: p === null ? [] : p[1].split(' or ') };
  }
  m = /must be at least (\d+) characters/.exec(message);
  if (m) return { kind: 'secret', minLength: Number(m[1]) };
  if (/must be a host name or IP address/.test(message)) return { kind: 'host' };
  // a name of a few safe characters (a key prefix): any plain word is one
  if (/must be 1 to \d+ characters of/.test(message)) return { kind: 'text' };
  throw new Error(`${variable}: the test does not know what "${message}" accepts; teach kindOf()`);
}

function candidates(kind: Kind): string[] {
  switch (kind.kind) {
    case 'integer': return [String(kind.min), String(kind.max), String(kind.min + 1)];
    case 'boolean': return ['1', '0'];
    case 'choice': return kind.values;
    case 'url': return kind.protocols.map((p) => `${p}://probe.invalid:1/x`);
    case 'secret': return ['p'.repeat(kind.minLength)];
    case 'host': return ['probe.invalid'];
    case 'text': return ['probe-value'];
  }
}

/** Paths of the leaves that differ between two configurations. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((k) =>
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path === '' ? k : `${path}.${k}`));
  }
  return Object.is(a, b) ? [] : [path];
}

const at = (config: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], config);

/** A setting as loadConfig has it: its kind, the field it fills and that field's default. */
function probe(variable: string, flag: string | null): Setting {
  const base = loadConfig({}, {});
  const kind = kindOf(variable);
  for (const value of candidates(kind)) {
    if (errorOf({}, { [variable]: value }) !== null) continue;
    const changed = differences(base, loadConfig({}, { [variable]: value }));
    if (changed.length === 1) return { variable, flag, kind, path: changed[0], defaultValue: at(base, changed[0]) };
  }
  throw new Error(`${variable}: no value the test tried changed exactly one field of the configuration`);
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The accepted-values cell the doc must start with. */
function accepted(kind: Kind): string | null {
  switch (kind.kind) {
    case 'integer': return `${fmt(kind.min)} to ${fmt(kind.max)}`;
    case 'boolean': return '`1` or `0`';
    case 'choice': return kind.values.map((v) => `\`${v}\``).join(', ');
    case 'url': return kind.protocols.map((p) => `\`${p}://\``).join(' or ');
    case 'secret': return `at least ${kind.minLength} characters`;
    default: return null;
  }
}

/** The default cell the doc must start with. */
function shownDefault(s: Setting): string {
  const machine = MACHINE_DEFAULTS[s.variable];
  if (machine !== undefined) return `\`${machine.doc}\``;
  if (s.defaultValue === null) return 'unset';
  if (typeof s.defaultValue === 'boolean') return s.defaultValue ? '`1`' : '`0`';
  return `\`${String(s.defaultValue)}\``;
}

interface Row { names: string[]; defaultCell: string; acceptedCell: string; line: number }

/** The doc's setting rows: `| names | default | accepted | meaning |`, names being `VARIABLE` and `--flag`. */
function documented(): Map<string, Row> {
  const rows = new Map<string, Row>();
  DOC.split('\n').forEach((line, i) => {
    if (!line.startsWith('| `')) return;
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    const names = [...cells[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    if (!names.some((n) => /^[A-Z][A-Z0-9_]+$/.test(n))) return;
    const row = { names, defaultCell: cells[1] ?? '', acceptedCell: cells[2] ?? '', line: i + 1 };
    for (const n of names) rows.set(n, row);
  });
  return rows;
}

describe('docs/configuration.md', () => {
  const source = readBySource();
  const settings = [...source].map(([variable, flag]) => probe(variable, flag));
  const rows = documented();

  it('reads config.ts and the doc as they are written (the probes still match the code)', () => {
    expect(source.size).toBeGreaterThanOrEqual(37);
    expect([...source.values()].filter((f) => f !== null).sort()).toEqual(['--data-dir', '--host', '--job-workers', '--port']);
    const port = settings.find((s) => s.variable === 'PORT')!;
    expect(port).toMatchObject({ flag: '--port', kind: { kind: 'integer', min: 0, max: 65535 }, path: 'port', defaultValue: 8080 });
    expect(settings.find((s) => s.variable === 'TEMPO_LIMITS_FAIL_OPEN')).toMatchObject({ kind: { kind: 'boolean' }, path: 'limitsFailOpen', defaultValue: false });
    expect(settings.find((s) => s.variable === 'REDIS_URL')).toMatchObject({ kind: { kind: 'url', protocols: ['redis', 'rediss'] }, defaultValue: null });
    expect(rows.get('PORT')?.names).toEqual(['PORT', '--port']);
  });

  it('has a row for every variable and flag config.ts reads, and no other', () => {
    const missing = settings.flatMap((s) => [s.variable, ...(s.flag === null ? [] : [s.flag])]).filter((n) => !rows.has(n))
      .map((n) => {
        const s = settings.find((x) => x.variable === n || x.flag === n)!;
        return `no row for ${n}: add "| \`${s.variable}\`${s.flag === null ? '' : ` (\`${s.flag}\`)`} | ${shownDefault(s)} | ${accepted(s.kind) ?? '…'} | what it does |" to docs/configuration.md`;
      });
    const known = new Set(settings.flatMap((s) => [s.variable, s.flag]));
    const extra = [...rows.keys()].filter((n) => !known.has(n)).map((n) => `docs/configuration.md:${rows.get(n)!.line} documents ${n}, which config.ts does not read`);
    expect([...missing, ...extra]).toEqual([]);
  });

  it('states each default and the accepted values config.ts has', () => {
    const wrong: string[] = [];
    for (const s of settings) {
      const row = rows.get(s.variable);
      if (row === undefined) continue; // the test above names it
      const machine = MACHINE_DEFAULTS[s.variable];
      if (machine !== undefined) expect(s.defaultValue, `${s.variable}'s default on this machine`).toEqual(machine.value());
      const d = shownDefault(s);
      if (!row.defaultCell.startsWith(d)) wrong.push(`docs/configuration.md:${row.line}: ${s.variable}'s default is ${d} (config.ts), the doc says ${row.defaultCell}`);
      const a = accepted(s.kind);
      if (a !== null && !row.acceptedCell.startsWith(a)) wrong.push(`docs/configuration.md:${row.line}: ${s.variable} takes ${a} (config.ts), the doc says ${row.acceptedCell}`);
      if (s.flag !== null && !row.names.includes(s.flag)) wrong.push(`docs/configuration.md:${row.line}: ${s.variable}'s row does not name its flag ${s.flag}`);
    }
    expect(wrong).toEqual([]);
  });

  it('states the fixed values config.ts uses', () => {
    const config = loadConfig({}, {});
    const line = DOC.split('\n').find((l) => l.includes('cached key records')) ?? '';
    expect(line).toContain(`at most ${fmt(config.keyCacheMax)} cached key records`);
    const next = DOC.split('\n')[DOC.split('\n').indexOf(line) + 1] ?? '';
    expect(`${line} ${next}`).toContain(`${DEFAULT_RATE_PER_MINUTE} requests per minute and ${fmt(DEFAULT_RATE_PER_HOUR)} per hour`);
  });
});
