// Tunes an organization's series by segment instead of one config for the whole portfolio: the
// series the core's own test calls intermittent are tuned among the Croston-family configs (the
// routing `tempo` sends them to, or one of its members alone), the regular ones among the usual
// candidates, each on its own sample, windows and holdout. The model stores the regular segment's
// config with the intermittent one under `intermittent`, which the core applies per series at
// forecast time, so a config chosen for regular series never takes intermittent ones off their routing.
import type { CoreConfig, SegmentConfig } from '@tempo-forecast/core';
import type { DatePlan } from '../dates/index.js';
import { DECIDED_ON, tune, type ScoreChunk, type ScoreSummary, type TuneOptions, type TuneReport } from './tune.js';

/** The configs intermittent series are tuned among; the first (the routing itself) is their base. */
export const INTERMITTENT_CANDIDATES: SegmentConfig[] = [{}, { model: 'sba' }, { model: 'tsb' }, { model: 'adida' }, { model: 'imapa' }];

export type SegmentName = 'regular' | 'intermittent';

export interface SegmentReport { series: number; config: SegmentConfig; report: TuneReport }

/** The whole tuning's report: counts and holdout over every segment, and each segment's own report. */
export interface SegmentedReport {
  metric: typeof DECIDED_ON;
  windows: number;
  /** Sums over the segments. */
  series: { tuned_on: number; holdout: number };
  /** The regular segment's candidates (the intermittent segment's are in its own report). */
  candidates: TuneReport['candidates'];
  /** Over every segment's holdout pairs: what the stored model does against the base. */
  holdout: { tuned: ScoreSummary; base: ScoreSummary; relative: { mase: number | null; rmsse: number | null } };
  /** 'tuned' when some segment's pick beat its base on the holdout, else 'base'. */
  chosen: 'tuned' | 'base';
  segments: Partial<Record<SegmentName, SegmentReport>>;
}

export interface SegmentedInput {
  series: ReadonlyArray<ArrayLike<number | null>>;
  horizon: number;
  base: CoreConfig;
  /** The regular segment's candidates, the base's regular part first. */
  candidates: CoreConfig[];
  dates?: ReadonlyArray<DatePlan>;
  /** Per series: the core's intermittent test on its training values. */
  intermittent: ReadonlyArray<boolean>;
}

// a weighted mean of the segments' means (each a mean over its own pairs)
function pooled(parts: Array<{ value: number | null; pairs: number }>): number | null {
  let sum = 0, n = 0;
  for (const p of parts) if (p.value !== null && p.pairs > 0) { sum += p.value * p.pairs; n += p.pairs; }
  return n === 0 ? null : sum / n;
}

/** Tunes each segment that has series; the config keeps intermittent series on the Croston family whatever the regular segment chose. */
export async function tuneSegments(input: SegmentedInput, score: ScoreChunk, progress: (done: number) => void | Promise<void>,
  options: Partial<TuneOptions>): Promise<{ config: CoreConfig; report: SegmentedReport }> {
  const { intermittent: _ignored, ...regularBase } = input.base;
  const groups: Array<{ name: SegmentName; idx: number[]; base: CoreConfig; candidates: CoreConfig[] }> = [
    { name: 'regular', idx: [], base: regularBase, candidates: [regularBase, ...input.candidates.slice(1)] },
    { name: 'intermittent', idx: [], base: {}, candidates: INTERMITTENT_CANDIDATES },
  ];
  input.series.forEach((_, i) => groups[input.intermittent[i] ? 1 : 0].idx.push(i));
  const total = input.series.length;
  let before = 0;
  const segments: Partial<Record<SegmentName, SegmentReport>> = {};
  for (const g of groups) {
    if (g.idx.length === 0) continue;
    const share = g.idx.length / total;
    const at = before;
    const r = await tune({
      series: g.idx.map((i) => input.series[i]), horizon: input.horizon, base: g.base, candidates: g.candidates,
      ...(input.dates ? { dates: g.idx.map((i) => input.dates![i]) } : {}),
    }, score, (d) => progress(Math.min(0.99, at + d * share)), options);
    before += share;
    segments[g.name] = { series: g.idx.length, config: r.config, report: r.report };
  }
  const parts = Object.values(segments);
  const reg = segments.regular, int = segments.intermittent;
  const side = (k: 'tuned' | 'base'): ScoreSummary => ({
    mase: pooled(parts.map((p) => ({ value: p.report.holdout[k].mase, pairs: p.report.holdout.pairs.mase }))),
    rmsse: pooled(parts.map((p) => ({ value: p.report.holdout[k].rmsse, pairs: p.report.holdout.pairs.rmsse }))),
    smape: pooled(parts.map((p) => ({ value: p.report.holdout[k].smape, pairs: p.report.holdout.pairs.mase }))),
  });
  // what the stored model does on each segment's holdout: the tuned pick where it won, else the base
  const stored = (p: SegmentReport) => (p.report.chosen === 'tuned' ? p.report.holdout.tuned : p.report.holdout.base);
  const tuned: ScoreSummary = {
    mase: pooled(parts.map((p) => ({ value: stored(p).mase, pairs: p.report.holdout.pairs.mase }))),
    rmsse: pooled(parts.map((p) => ({ value: stored(p).rmsse, pairs: p.report.holdout.pairs.rmsse }))),
    smape: pooled(parts.map((p) => ({ value: stored(p).smape, pairs: p.report.holdout.pairs.mase }))),
  };
  const base = side('base');
  const ratio = (a: number | null, b: number | null) => (a === null || b === null ? null : b > 0 ? a / b : a > 0 ? Infinity : 1);
  await progress(1);
  return {
    config: { ...(reg ? reg.config : regularBase), intermittent: int ? int.config : {} },
    report: {
      metric: DECIDED_ON,
      windows: parts[0]?.report.windows ?? Math.max(1, options.windows ?? 1),
      series: { tuned_on: parts.reduce((a, p) => a + p.report.series.tuned_on, 0), holdout: parts.reduce((a, p) => a + p.report.series.holdout, 0) },
      candidates: reg ? reg.report.candidates : [],
      holdout: { tuned, base, relative: { mase: ratio(tuned.mase, base.mase), rmsse: ratio(tuned.rmsse, base.rmsse) } },
      chosen: parts.some((p) => p.report.chosen === 'tuned') ? 'tuned' : 'base',
      segments,
    },
  };
}
