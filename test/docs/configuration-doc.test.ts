// docs/configuration.md cannot drift from src/config/config.ts: every variable and flag the
// configuration reads has a row in the doc, and every row names something it reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE = readFileSync(join(ROOT, 'src', 'config', 'config.ts'), 'utf8');
const DOC = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');

/** Variables and flags config.ts reads: pick(flags, 'flag' | null, env, 'VAR' | null) and e('VAR'). */
function readBySource(): { variables: Set<string>; flags: Set<string> } {
  const variables = new Set<string>();
  const flags = new Set<string>();
  for (const m of SOURCE.matchAll(/pick\(flags, (?:'([a-z-]+)'|null), env, (?:'([A-Z0-9_]+)'|null)\)/g)) {
    if (m[1]) flags.add(`--${m[1]}`);
    if (m[2]) variables.add(m[2]);
  }
  for (const m of SOURCE.matchAll(/\be\('([A-Z0-9_]+)'\)/g)) variables.add(m[1]);
  return { variables, flags };
}

/** Names in the first two cells of the doc's table rows: `--flag` and `VARIABLE`. */
function documented(): { variables: Set<string>; flags: Set<string> } {
  const variables = new Set<string>();
  const flags = new Set<string>();
  for (const line of DOC.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, 3).map((c) => c.trim());
    for (const cell of cells) {
      const m = /^`([^`]+)`$/.exec(cell);
      if (m === null) continue;
      if (m[1].startsWith('--')) flags.add(m[1]);
      else if (/^[A-Z][A-Z0-9_]+$/.test(m[1])) variables.add(m[1]);
    }
  }
  return { variables, flags };
}

describe('docs/configuration.md', () => {
  const source = readBySource();
  const doc = documented();

  it('finds what config.ts reads (the parser still matches the code)', () => {
    expect(source.variables.size).toBeGreaterThanOrEqual(15);
    expect(source.flags).toEqual(new Set(['--host', '--port', '--data-dir']));
  });

  it('documents every variable config.ts reads, and no other', () => {
    expect([...doc.variables].sort()).toEqual([...source.variables].sort());
  });

  it('documents every flag config.ts reads, and no other', () => {
    expect([...doc.flags].sort()).toEqual([...source.flags].sort());
  });

  it('states the defaults config.ts uses', () => {
    const config = loadConfig({}, {});
    const row = (name: string) => DOC.split('\n').find((l) => l.includes(`| \`${name}\` |`)) ?? '';
    expect(row('PORT')).toContain(`\`${config.port}\``);
    expect(row('HOST')).toContain(`\`${config.host}\``);
    expect(row('TEMPO_DATA_DIR')).toContain(`\`${config.dataDir}\``);
    expect(row('TEMPO_LOG_LEVEL')).toContain(`\`${config.logLevel}\``);
    const numeric: Array<[string, number]> = [
      ['TEMPO_MAX_SERIES_LENGTH', config.bounds.maxSeriesLength],
      ['TEMPO_MAX_HORIZON', config.bounds.maxHorizon],
      ['TEMPO_BODY_LIMIT_BYTES', config.bounds.bodyLimitBytes],
      ['TEMPO_MAX_LEVELS', config.bounds.maxLevels],
      ['TEMPO_FORECAST_TIMEOUT_MS', config.forecastTimeoutMs],
      ['TEMPO_LOCK_LEASE_MS', config.lockLeaseMs],
      ['TEMPO_KEY_CACHE_TTL_MS', config.keyCacheTtlMs],
      ['TEMPO_NEGATIVE_CACHE_TTL_MS', config.negativeCacheTtlMs],
      ['TEMPO_SHUTDOWN_GRACE_MS', config.shutdownGraceMs],
    ];
    for (const [name, value] of numeric) expect(row(name), name).toContain(`\`${value}\``);
  });
});
