// Chooses a model configuration for an organization's series: rolling-origin backtests of every
// candidate on the series without their last `horizon` values (successive halving: all candidates
// on a sample, the best few on every series), the pick by mean MASE, then a holdout check on those
// last values, which tuning never saw: when the pick does not beat the base there, the base stays.
import type { CoreConfig } from '../core/index.js';
import { MIN_TRAINING_VALUES } from '../backtest/plan.js';
import { packSeries, type ManyInput, type ManyScores } from '../backtest/many.js';

/** Tuning's knobs; the defaults suit a 2-core machine and a few thousand series. */
export interface TuneOptions {
  /** Windows per series in the tuning backtests. */
  windows: number;
  /** Series per unit of work sent to the pool (progress moves once per unit). */
  chunkSize: number;
  /** Series every candidate is tried on before the field is cut. */
  sampleSize: number;
  /** Candidates (besides the base) kept for the run over every series. */
  finalists: number;
}

export const DEFAULT_TUNE_OPTIONS: TuneOptions = { windows: 2, chunkSize: 16, sampleSize: 120, finalists: 3 };

export interface TuneInput {
  series: ReadonlyArray<ArrayLike<number | null>>;
  horizon: number;
  base: CoreConfig;
  candidates: CoreConfig[];
}

export interface ScoreSummary { mase: number | null; smape: number | null }

export interface TuneReport {
  /** Windows per series in the tuning backtests. */
  windows: number;
  /** Series that had room for a tuning window, and for the holdout. */
  series: { tuned_on: number; holdout: number };
  /** Every candidate tried, with its mean MASE on the series it was tried on, best first. */
  candidates: Array<{ config: CoreConfig; mase: number | null; series: number }>;
  holdout: { tuned: ScoreSummary; base: ScoreSummary };
  /** 'tuned' when the pick beat the base on the holdout, else 'base' (and the config is the base's). */
  chosen: 'tuned' | 'base';
}

export interface TuneResult { config: CoreConfig; report: TuneReport }

/** Runs one unit of work: a chunk of packed series under one config. */
export type ScoreChunk = (input: ManyInput) => Promise<ManyScores>;

function finiteMean(xs: number[]): number | null {
  const ok = xs.filter(Number.isFinite);
  return ok.length === 0 ? null : ok.reduce((a, b) => a + b, 0) / ok.length;
}

// every k-th index, so a sample spreads over the whole list (an organization's series often come grouped)
function spreadSample(n: number, size: number): number[] {
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: size }, (_, i) => Math.floor((i * n) / size));
}

/** Chooses the config; `progress` is told the share of work done (0..1) after each unit. Rejects only when scoring fails. */
export async function tune(input: TuneInput, score: ScoreChunk, progress: (done: number) => void | Promise<void>,
  options: TuneOptions = DEFAULT_TUNE_OPTIONS): Promise<TuneResult> {
  const { horizon } = input;
  // tuning never sees the holdout: each series loses its last `horizon` values here
  const tuningSeries = input.series.map((s) => Array.prototype.slice.call(s, 0, Math.max(0, s.length - horizon)) as Array<number | null>);
  const fits = tuningSeries.map((s, i) => (s.length >= MIN_TRAINING_VALUES + horizon ? i : -1)).filter((i) => i >= 0);
  const holdoutIdx = input.series.map((s, i) => (s.length >= MIN_TRAINING_VALUES + horizon ? i : -1)).filter((i) => i >= 0);
  const sample = spreadSample(fits.length, options.sampleSize).map((k) => fits[k]);
  const finalists = Math.min(options.finalists, input.candidates.length - 1);
  const chunks = (n: number) => Math.ceil(n / options.chunkSize);
  const totalUnits = chunks(sample.length) * input.candidates.length
    + (fits.length > sample.length ? chunks(fits.length) * (finalists + 1) : 0)
    + chunks(holdoutIdx.length) * 2;
  let doneUnits = 0;

  async function scoreOn(indices: number[], series: ReadonlyArray<ArrayLike<number | null>>, config: CoreConfig, windows: number): Promise<{ mase: number[]; smape: number[] }> {
    const out = { mase: [] as number[], smape: [] as number[] };
    for (let at = 0; at < indices.length; at += options.chunkSize) {
      const packed = packSeries(indices.slice(at, at + options.chunkSize).map((i) => series[i]));
      const r = await score({ ...packed, horizon, windows, config });
      out.mase.push(...r.mase);
      out.smape.push(...r.smape);
      doneUnits += 1;
      await progress(Math.min(1, doneUnits / totalUnits));
    }
    return out;
  }

  // round one: every candidate on the sample
  type Scored = { config: CoreConfig; mase: number | null; series: number };
  const round1: Scored[] = [];
  for (const config of input.candidates) {
    round1.push({ config, mase: finiteMean((await scoreOn(sample, tuningSeries, config, options.windows)).mase), series: sample.length });
  }
  const rank = (a: { mase: number | null }, b: { mase: number | null }) => (a.mase ?? Infinity) - (b.mase ?? Infinity);
  let ranked = [...round1].sort(rank);
  // round two: the base and the best few on every series, when the sample was not already all of them
  if (fits.length > sample.length) {
    const keep = [round1[0], ...ranked.filter((c) => c !== round1[0]).slice(0, finalists)];
    const round2: Scored[] = [];
    for (const c of keep) {
      round2.push({ config: c.config, mase: finiteMean((await scoreOn(fits, tuningSeries, c.config, options.windows)).mase), series: fits.length });
    }
    ranked = [...round2.sort(rank), ...ranked.filter((c) => !keep.includes(c))];
  }
  const pick = ranked[0].config;

  // the holdout: each series' last `horizon` values, one window, pick against base
  const tunedHold = await scoreOn(holdoutIdx, input.series, pick, 1);
  const baseHold = pick === input.base ? tunedHold : await scoreOn(holdoutIdx, input.series, input.base, 1);
  const tuned = { mase: finiteMean(tunedHold.mase), smape: finiteMean(tunedHold.smape) };
  const base = { mase: finiteMean(baseHold.mase), smape: finiteMean(baseHold.smape) };
  const better = tuned.mase !== null && (base.mase === null || tuned.mase < base.mase);
  await progress(1);
  return {
    config: better ? pick : input.base,
    report: {
      windows: options.windows,
      series: { tuned_on: fits.length, holdout: holdoutIdx.length },
      candidates: ranked,
      holdout: { tuned, base },
      chosen: better ? 'tuned' : 'base',
    },
  };
}
