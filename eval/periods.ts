// Reports how blind period detection compares with the M4 test at the CSV's season length on the
// dev data, and its false-alarm rate on seeded noise, random walks and trends (no season at all).
//   node --import tsx eval/periods.ts [DIR] [--publish]
// --publish also writes docs/results/periods.json, which docs/accuracy.md's table is rendered from.
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWasmPath } from '../src/core/node.js';
import { createStats } from '../packages/core/src/stats.js';
import { parseCsv } from './csv.js';
import { parseEvalArgs } from './args.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';

/** Seeded uniform(0, 1) generator (Numerical Recipes LCG), so every run sees the same series. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
/** Standard normal draws by Box-Muller from the seeded generator. */
function gauss(n: number, seed: number): number[] {
  const u = lcg(seed);
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()));
}

// the same default folder as `npm run eval`
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const publish = process.argv.includes('--publish');
if (publish && positional.length > 0) throw new Error('--publish measures the default data (datasets/dev): drop DIR');
const dir = positional[0] ?? parseEvalArgs([], join(dirname(fileURLToPath(import.meta.url)), '..')).data;
const finish = startMeasurement('node --import tsx eval/periods.ts');
const dev: Array<{ group: string; n: number; m4Pass: number; same: number; other: number; none: number; m4Fail: number; foundAnyway: number }> = [];
const falseAlarms: Array<{ n: number; share: Record<string, number> }> = [];
const s = await createStats(await readFile(defaultWasmPath()));

console.log('dev: detected period against the M4 test at the CSV season length');
console.log('group            n  m4+  found=m  found other  found 1 | m4-  found>1');
for (const f of readdirSync(dir).filter((x) => x.endsWith('.csv')).sort()) {
  const rows = parseCsv(readFileSync(join(dir, f), 'utf8'), f);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) groups.set(`${r.source}/${r.frequency}`, [...(groups.get(`${r.source}/${r.frequency}`) ?? []), r]);
  for (const [g, rs] of groups) {
    let pos = 0, same = 0, other = 0, none = 0, neg = 0, negFound = 0;
    const seen = new Map<number, number>();
    for (const r of rs) {
      const p = s.detectPeriod(r.train);
      seen.set(p, (seen.get(p) ?? 0) + 1);
      if (r.seasonLength > 1 && s.seasonalityTest(r.train, r.seasonLength)) {
        pos++;
        if (p === r.seasonLength) same++; else if (p === 1) none++; else other++;
      } else { neg++; if (p > 1) negFound++; }
    }
    dev.push({ group: g, n: rs.length, m4Pass: pos, same, other, none, m4Fail: neg, foundAnyway: negFound });
    const hist = [...seen].sort((a, b) => b[1] - a[1]).map(([p, c]) => `${p}:${c}`).join(' ');
    console.log(`${g.padEnd(15)} ${String(rs.length).padStart(3)} ${String(pos).padStart(4)} ${String(same).padStart(8)} ${String(other).padStart(12)} ${String(none).padStart(8)} | ${String(neg).padStart(3)} ${String(negFound).padStart(8)}   ${hist}`);
  }
}

console.log('\nfalse alarms (period > 1 found) on series with no season, 200 seeds each');
const kinds: Record<string, (n: number, seed: number) => number[]> = {
  noise: (n, seed) => gauss(n, seed).map((v) => 100 + v),
  'random walk': (n, seed) => { let x = 100; return gauss(n, seed).map((v) => (x += v)); },
  trend: (n, seed) => gauss(n, seed).map((v, t) => 100 + 0.3 * t + v),
  'AR(1) 0.7': (n, seed) => { let x = 0; return gauss(n, seed).map((v) => (x = 0.7 * x + v) + 100); },
};
for (const n of [24, 48, 100, 300, 1000]) {
  const cells: string[] = [];
  const share: Record<string, number> = {};
  for (const [k, gen] of Object.entries(kinds)) {
    let hits = 0;
    for (let seed = 1; seed <= 200; seed++) if (s.detectPeriod(gen(n, seed * 7919 + n)) > 1) hits++;
    share[k] = hits / 200;
    cells.push(`${k} ${((100 * hits) / 200).toFixed(1)}%`);
  }
  falseAlarms.push({ n, share });
  console.log(`n=${String(n).padEnd(5)} ${cells.join('  ')}`);
}
if (publish) console.log(`published: ${writeResult('periods', finish(), { seeds: 200, dev, falseAlarms })}`);
