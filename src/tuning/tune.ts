// Chooses a model configuration for an organization's series by successive halving over
// rolling-origin backtests of the series without their last `horizon` values: every candidate on a
// small sample and the most recent window, then the base and the best few on a larger sample and
// more windows, the pick by mean MASE only when it beats the base by a margin there; then a holdout
// check on those last values, which tuning never saw: when the pick does not beat the base there,
// the base stays. Each (config, series, window) is scored once and reused by every later round.
import type { CoreConfig } from '../core/index.js';
import { MIN_TRAINING_VALUES } from '../backtest/plan.js';
import type { ManyInput, ManyScores, PackedSeries } from '../backtest/many.js';

/** Tuning's knobs; the defaults suit a 2-core machine and a few thousand series. */
export interface TuneOptions {
  /** Windows per series in the last tuning round (the first round scores only the most recent one). */
  windows: number;
  /** Series in the first unit of work for a config; later units are sized by `chunkMs`. */
  chunkSize: number;
  /** Series every candidate is tried on before the field is cut. */
  sampleSize: number;
  /** Candidates (besides the base) kept for the last round. */
  finalists: number;
  /** Series the last round scores the finalists on. */
  finalSample: number;
  /** Series the holdout check scores the pick and the base on. */
  holdoutSample: number;
  /** Share of the base's mean MASE a pick must beat it by on the tuning windows (guards against picking noise). */
  margin: number;
  /** Aimed-for duration of one unit of work, so a queued forecast never waits long behind one. */
  chunkMs: number;
  /** Units of work in flight at once (the pool's gate caps it further). */
  parallel: number;
}

export const DEFAULT_TUNE_OPTIONS: TuneOptions = {
  windows: 2, chunkSize: 4, sampleSize: 100, finalists: 3, finalSample: 200, holdoutSample: 400, margin: 0.02, chunkMs: 40, parallel: 1,
};

export interface TuneInput {
  series: ReadonlyArray<ArrayLike<number | null>>;
  horizon: number;
  base: CoreConfig;
  candidates: CoreConfig[];
}

export interface ScoreSummary { mase: number | null; smape: number | null }

export interface TuneReport {
  /** Windows per series in the last tuning round. */
  windows: number;
  /** Series that had room for a tuning window, and series the holdout was scored on. */
  series: { tuned_on: number; holdout: number };
  /** Every candidate tried, with its mean MASE on the series it was tried on, best first (last round first). */
  candidates: Array<{ config: CoreConfig; mase: number | null; series: number }>;
  holdout: { tuned: ScoreSummary; base: ScoreSummary };
  /** 'tuned' when the pick beat the base on the holdout, else 'base' (and the config is the base's). */
  chosen: 'tuned' | 'base';
}

export interface TuneResult { config: CoreConfig; report: TuneReport }

/** Runs one unit of work: a chunk of packed series under one config. */
export type ScoreChunk = (input: ManyInput) => Promise<ManyScores>;

function finiteMean(xs: ArrayLike<number>): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) { sum += xs[i]; n += 1; }
  return n === 0 ? null : sum / n;
}

// a seeded shuffle, so every prefix is a sample spread over the whole list (an organization's
// series often come grouped) and each round's sample contains the one before it
function sampleOrder(items: number[]): number[] {
  const out = [...items];
  let s = 0x9e3779b9;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// the listed series without their last `drop` values, packed straight into one buffer (no per-series copies)
function packPrefixes(series: ReadonlyArray<ArrayLike<number | null>>, indices: number[], drop: number): PackedSeries {
  const offsets = [0];
  for (const i of indices) offsets.push(offsets[offsets.length - 1] + series[i].length - drop);
  const values = new Float64Array(offsets[offsets.length - 1]);
  indices.forEach((i, k) => {
    const s = series[i];
    for (let j = 0, at = offsets[k]; j < s.length - drop; j++) values[at + j] = s[j] ?? NaN;
  });
  return { values, offsets };
}

/** Chooses the config; `progress` is told the share of work done (0..1) as units finish. Rejects only when scoring fails. */
export async function tune(input: TuneInput, score: ScoreChunk, progress: (done: number) => void | Promise<void>,
  given: Partial<TuneOptions> = DEFAULT_TUNE_OPTIONS): Promise<TuneResult> {
  const options = { ...DEFAULT_TUNE_OPTIONS, ...given };
  const { horizon, candidates } = input;
  const n = input.series.length;
  // cut c: the window whose last value is `c` horizons before the series' end; cut 0 is the
  // holdout, which tuning never sees; the tuning windows are cuts 1..windows
  const roomFor = (i: number, cut: number) => input.series[i].length - cut * horizon >= MIN_TRAINING_VALUES + horizon;
  const fits = sampleOrder(Array.from({ length: n }, (_, i) => i).filter((i) => roomFor(i, 1)));
  const holdoutIdx = sampleOrder(Array.from({ length: n }, (_, i) => i).filter((i) => roomFor(i, 0))).slice(0, options.holdoutSample);
  const round1 = fits.slice(0, options.sampleSize);
  const round2 = fits.slice(0, Math.max(options.finalSample, round1.length));
  const finalists = Math.min(options.finalists, candidates.length - 1);
  const windows = Math.max(1, options.windows);

  // scores per config and cut, NaN until scored (or when the window does not fit)
  const cache = candidates.map(() => new Map<number, { mase: Float64Array; smape: Float64Array; done: Uint8Array }>());
  const slot = (c: number, cut: number) => {
    let e = cache[c].get(cut);
    if (!e) {
      e = { mase: new Float64Array(n).fill(NaN), smape: new Float64Array(n).fill(NaN), done: new Uint8Array(n) };
      cache[c].set(cut, e);
    }
    return e;
  };
  const plannedFits = round1.length * candidates.length + (round2.length * windows - round1.length) * (finalists + 1) + holdoutIdx.length * 2;
  let doneFits = 0;
  const msPerFit = candidates.map(() => NaN);

  // scores config `c` on window `cut` of every listed series not scored yet, in units sized to `chunkMs`
  async function scoreCut(c: number, cut: number, indices: number[]): Promise<void> {
    const e = slot(c, cut);
    const todo = indices.filter((i) => !e.done[i] && roomFor(i, cut));
    let at = 0;
    const lane = async () => {
      while (at < todo.length) {
        const size = Number.isFinite(msPerFit[c])
          ? Math.max(1, Math.min(256, Math.round(options.chunkMs / Math.max(msPerFit[c], 0.01))))
          : options.chunkSize;
        const part = todo.slice(at, at + size);
        at += part.length;
        const packed = packPrefixes(input.series, part, cut * horizon);
        const t0 = Date.now();
        const r = await score({ ...packed, horizon, windows: 1, config: candidates[c] });
        // the slowest recent unit decides the next size: it is what a queued forecast would wait behind
        const per = (Date.now() - t0) / part.length;
        msPerFit[c] = Number.isFinite(msPerFit[c]) ? Math.max(per, (msPerFit[c] + per) / 2) : per;
        part.forEach((i, k) => { e.mase[i] = r.mase[k]; e.smape[i] = r.smape[k]; e.done[i] = 1; });
        doneFits += part.length;
        await progress(Math.min(0.99, doneFits / Math.max(1, plannedFits)));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, lane));
  }

  // per series, the mean over its scored windows among `cuts`; then the mean over series
  function meanMase(c: number, indices: number[], cuts: number[]): number | null {
    const per: number[] = [];
    for (const i of indices) per.push(finiteMean(cuts.map((cut) => slot(c, cut).mase[i])) ?? NaN);
    return finiteMean(per);
  }

  // round one: every candidate on the small sample, most recent window only
  for (let c = 0; c < candidates.length; c++) await scoreCut(c, 1, round1);
  type Scored = { config: CoreConfig; mase: number | null; series: number };
  const rank = (a: { mase: number | null }, b: { mase: number | null }) => (a.mase ?? Infinity) - (b.mase ?? Infinity);
  const first = candidates.map((config, c) => ({ c, scored: { config, mase: meanMase(c, round1, [1]), series: round1.length } as Scored }));
  const ranked1 = [...first].sort((a, b) => rank(a.scored, b.scored));
  // round two: the base and the best few on the larger sample and every tuning window
  const keep = [0, ...ranked1.map((r) => r.c).filter((c) => c !== 0).slice(0, finalists)];
  const cuts = Array.from({ length: windows }, (_, k) => k + 1);
  for (const c of keep) for (const cut of cuts) await scoreCut(c, cut, round2);
  const second = keep.map((c) => ({ c, scored: { config: candidates[c], mase: meanMase(c, round2, cuts), series: round2.length } as Scored }))
    .sort((a, b) => rank(a.scored, b.scored));
  const baseMase = second.find((r) => r.c === 0)!.scored.mase;
  const best = second[0];
  // a pick that beats the base by less than the margin on the tuning windows is as likely noise as skill
  const clears = best.c !== 0 && best.scored.mase !== null
    && (baseMase === null || best.scored.mase < baseMase * (1 - options.margin));
  const pickIdx = clears ? best.c : 0;
  const ranked = [...second.map((r) => r.scored), ...ranked1.filter((r) => !keep.includes(r.c)).map((r) => r.scored)];

  // the holdout: each series' last `horizon` values, pick against base
  await scoreCut(pickIdx, 0, holdoutIdx);
  if (pickIdx !== 0) await scoreCut(0, 0, holdoutIdx);
  const summary = (c: number): ScoreSummary => ({
    mase: finiteMean(holdoutIdx.map((i) => slot(c, 0).mase[i])),
    smape: finiteMean(holdoutIdx.map((i) => slot(c, 0).smape[i])),
  });
  const tuned = summary(pickIdx);
  const base = summary(0);
  const better = pickIdx !== 0 && tuned.mase !== null && (base.mase === null || tuned.mase < base.mase);
  await progress(1);
  return {
    config: better ? candidates[pickIdx] : input.base,
    report: {
      windows,
      series: { tuned_on: fits.length, holdout: holdoutIdx.length },
      candidates: ranked,
      holdout: { tuned, base },
      chosen: better ? 'tuned' : 'base',
    },
  };
}
