// A retail portfolio as a forecaster receives it, rebuilt from the project's samples with a seed:
// 2,003 monthly series in one long CSV (unique_id,ds,y), half dated on month starts and half on
// month ends, with the defects a real extract has planted at known places: 45 series with absent
// months (rows never written), 45 with empty values, 496 intermittent series, 3 new products of 1
// to 3 months, one id used for two products, and one corrupt value. `plantedPortfolio()` returns
// the file's text and where each defect is, so a check can hold a run to it.
import { join } from 'node:path';
import { readDataset } from '../eval/csv.js';
import { prng } from './fixtures.js';

/** Products in the file (the regular ones are the dev sample's, most of them twice: its own and a scaled copy). */
export const PORTFOLIO_SERIES = 2003;
/** Intermittent series, drawn from the intermittent sample. */
export const INTERMITTENT = 496;
/** Series with months left out, and series with empty values. */
export const ABSENT = 45;
export const EMPTY = 45;
/** Most months a series keeps (its last ones): ten years. */
const MAX_MONTHS = 120;

/** Where the defects are: ids, by kind. */
export interface PlantedDefects {
  /** series with months absent (invalid unless filled) */
  absent: string[];
  /** series with empty values (valid: missing values) */
  empty: string[];
  intermittent: string[];
  /** new products, of 1, 2 and 3 months */
  newProducts: string[];
  /** the id two products share (the second's rows follow the first's, its dates starting again) */
  duplicated: string;
  /** the series holding a cell that is not a number */
  corrupt: string;
}

/** The planted file: its text, every id in it, and the defects. */
export interface PlantedPortfolio {
  csv: string;
  ids: string[];
  defects: PlantedDefects;
}

// the date of month `k` after January 2010, on the first or the last day
function monthDate(k: number, end: boolean): string {
  const y = 2010 + Math.floor(k / 12), m = k % 12;
  const d = end ? new Date(Date.UTC(y, m + 1, 0)) : new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

// `count` distinct indexes of `from`, seeded
function pick(u: () => number, from: number[], count: number): number[] {
  const pool = [...from];
  const out: number[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(u() * pool.length), 1)[0]);
  return out;
}

/** Builds the portfolio from the samples under `root` (datasets/dev and datasets/intermittent), with `seed`. */
export function plantedPortfolio(root: string, seed = 2026_11_26): PlantedPortfolio {
  const u = prng(seed);
  const dev = readDataset(join(root, 'datasets', 'dev'));
  const intermittent = readDataset(join(root, 'datasets', 'intermittent'));
  // `dates`: the series' first month and whether it is dated on month ends (set below)
  const series: Array<{ id: string; values: Array<number | string>; dates?: { first: number; end: boolean } }> = [];
  for (const r of dev) series.push({ id: `sku-${r.id}`, values: r.train.slice(-MAX_MONTHS) });
  // the copies fill the file up to its size: 2,002 products before the one that shares an id
  for (const r of dev.slice(0, PORTFOLIO_SERIES - 1 - INTERMITTENT - 3 - dev.length)) {
    const f = 0.5 + u();
    series.push({ id: `sku-${r.id}-b`, values: [...r.train, ...r.test].slice(-MAX_MONTHS).map((v) => Number((v * f).toFixed(2))) });
  }
  const regular = series.length;
  const inter = pick(u, intermittent.map((_, i) => i), INTERMITTENT).sort((a, b) => a - b);
  // the sample repeats some ids (one per source file): each product here gets its own
  const partId = (i: number) => `part-${intermittent[i].id}-${i}`;
  for (const i of inter) series.push({ id: partId(i), values: intermittent[i].train });
  const newProducts = ['new-1', 'new-2', 'new-3'];
  newProducts.forEach((id, k) => series.push({ id, values: Array.from({ length: k + 1 }, () => Math.round(20 + 10 * u())) }));
  if (series.length !== PORTFOLIO_SERIES - 1) throw new Error(`built ${series.length} series, expected ${PORTFOLIO_SERIES - 1} before the duplicate`);

  // defects among the regular series, none sharing a series
  const regularIdx = Array.from({ length: regular }, (_, i) => i).filter((i) => series[i].values.length >= 24);
  const chosen = pick(u, regularIdx, ABSENT + EMPTY + 2);
  const absent = chosen.slice(0, ABSENT), empty = chosen.slice(ABSENT, ABSENT + EMPTY);
  const [dupOf, corrupt] = chosen.slice(ABSENT + EMPTY);
  // a second product given the id of another: its rows right after that one's
  const original = { first: 120 - series[dupOf].values.length + (dupOf % 3), end: dupOf % 2 === 1 };
  series[dupOf].dates = original;
  // its dates start where the first product's did: the file's only sign that they are two
  series.splice(dupOf + 1, 0, { id: series[dupOf].id, values: series[(dupOf + 7) % regular].values.slice(-36), dates: original });
  const shift = (i: number) => (i > dupOf ? i + 1 : i);
  const absentRows = new Map<number, Set<number>>();
  for (const i of absent.map(shift)) {
    const n = series[i].values.length;
    absentRows.set(i, new Set(pick(u, Array.from({ length: n - 4 }, (_, t) => t + 2), 1 + Math.floor(u() * 3))));
  }
  for (const i of empty.map(shift)) {
    const n = series[i].values.length;
    for (const t of pick(u, Array.from({ length: n - 2 }, (_, t) => t + 1), 1 + Math.floor(u() * 3))) series[i].values[t] = '';
  }
  const c = shift(corrupt);
  series[c].values[Math.floor(series[c].values.length / 2)] = '12..5';

  const rows: string[] = ['unique_id,ds,y'];
  series.forEach((s, i) => {
    // half on month starts, half on month ends; every series ends in December 2019 or later
    const end = s.dates?.end ?? i % 2 === 1;
    const first = s.dates?.first ?? 120 - s.values.length + (i % 3);
    const gone = absentRows.get(i);
    s.values.forEach((v, t) => { if (!gone?.has(t)) rows.push(`${s.id},${monthDate(first + t, end)},${v}`); });
  });
  return {
    csv: rows.join('\n') + '\n',
    ids: [...new Set(series.map((s) => s.id))],
    defects: {
      absent: absent.map((i) => series[shift(i)].id),
      empty: empty.map((i) => series[shift(i)].id),
      intermittent: inter.map(partId),
      newProducts,
      duplicated: series[dupOf].id,
      corrupt: series[c].id,
    },
  };
}
