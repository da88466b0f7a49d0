// Chooses a model configuration for an organization's series by successive halving over
// rolling-origin backtests of the series without their last `horizon` values: every candidate on a
// small sample and the most recent window (the worse half dropped halfway through it), then the
// base and the best few on a larger sample and more windows; then a holdout check on those last
// values, which tuning never saw. Candidates are decided on scaled errors that do not reward a
// forecast of zeros the way sMAPE does on intermittent demand: the MASE ratio (a ratio of sums over
// series and windows, every config's errors scaled by the base's scale for that series, so a
// config's own season choice cannot flatter it) decides, and the RMSSE ratio (squared errors, whose
// best forecast is the mean, not the zero a median-minded MAE can favour) must not be worse; the
// geometric mean of MAE ratios over (series, window) pairs (AvgRelMAE, Davydenko & Fildes 2013)
// must not be worse either, so a few series cannot carry the decision; and M5's scaled pinball loss
// of the quantiles (SPL, over its nine levels) must not be worse by more than a small tolerance, so
// a config that sharpens the point forecast at the cost of its quantiles is not a win. The report
// names the metric that decided (MASE, or the check that refused the best candidate). sMAPE and the OWA-like ratio
// are reported, never decided on. The pick must beat the base by the margin on MASE overall, on
// every tuning window alone, and again on the holdout; anything less keeps the base.
// Series that came with dates are backtested with what a dated forecast would tell the core
// (the calendar's periods as hints, or the config's season length told), so configs are compared
// on what they will see.
// Each (config, series, window) is scored once and reused by every later round.
import type { CoreConfig } from '@tempo-forecast/core';
import { seasonOptions, type DatePlan } from '../dates/index.js';
import { MIN_TRAINING_VALUES } from '../backtest/plan.js';
import type { ManyInput, ManyScores, PackedSeries } from '../backtest/many.js';
import { maseScale, rmsseScale, M5_QUANTILES } from '../metrics/index.js';
import type { TunedModelRelative } from '../common/tuned-model-types.js';

/** A config's errors relative to the base's; every ratio is present in what tuning reports now. */
type Relative = Required<TunedModelRelative>;

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
  /** Share by which a pick's error ratio to the base must be below 1, on the tuning windows and on the holdout (guards against picking noise). */
  margin: number;
  /** Aimed-for duration of one unit of work, so a queued forecast never waits long behind one. */
  chunkMs: number;
  /** Units of work in flight at once (the pool's gate caps it further). */
  parallel: number;
  /** Quantiles scored beside the point forecast for the pinball check (none: no check). */
  quantiles: number[];
  /** Share by which a pick's scaled pinball loss may exceed the base's before it is refused (quantiles are noisier than the mean). */
  pinballTolerance: number;
}

export const DEFAULT_TUNE_OPTIONS: TuneOptions = {
  windows: 2, chunkSize: 4, sampleSize: 100, finalists: 3, finalSample: 200, holdoutSample: 400, margin: 0.02, chunkMs: 40, parallel: 1,
  quantiles: M5_QUANTILES, pinballTolerance: 0.01,
};

export interface TuneInput {
  series: ReadonlyArray<ArrayLike<number | null>>;
  horizon: number;
  base: CoreConfig;
  candidates: CoreConfig[];
  /** Each series' date plan, when the training came with dates (or a freq). */
  dates?: ReadonlyArray<DatePlan>;
}

/** Means over series; MASE on the base's scale for each series, RMSSE on the lag-1 scale. */
export interface ScoreSummary { mase: number | null; rmsse: number | null; smape: number | null; /** M5's scaled pinball loss (null when no quantiles were scored) */ spl: number | null }

/** The metric tuning decides on (named in the report and the CLI's summary). */
export const DECIDED_ON = 'MASE';

/** The checks a pick must pass beside MASE, in the order they are looked at. */
export const CHECKS = ['RMSSE', 'AvgRelMAE', 'SPL'] as const;

/** The metric that settled a decision: MASE (won, or no candidate beat the base on it), or the check that refused the best candidate that did. */
export type DecidedBy = typeof DECIDED_ON | typeof CHECKS[number];


export interface TuneReport {
  /** The metric the decision was made on; RMSSE and AvgRelMAE are checks that must not be worse. */
  metric: typeof DECIDED_ON;
  /** Windows per series in the last tuning round. */
  windows: number;
  /** Series that had room for a tuning window, and series the holdout was scored on. */
  series: { tuned_on: number; holdout: number };
  /** Every candidate tried, with its mean MASE and its errors relative to the base on the series it was tried on, best first (last round first). */
  candidates: Array<{ config: CoreConfig; mase: number | null; relative: Relative; series: number }>;
  holdout: { tuned: ScoreSummary; base: ScoreSummary; relative: Relative; /** (series, window) pairs each mean is over */ pairs: { mase: number; rmsse: number; spl: number } };
  /** 'tuned' when the pick beat the base on the holdout, else 'base' (and the config is the base's). */
  chosen: 'tuned' | 'base';
  /** The checks beside MASE a win had to pass. */
  checks: Array<typeof CHECKS[number]>;
  /** Which metric settled it: MASE, or the check that refused a candidate better on MASE (see `reason`). */
  decided_by: DecidedBy;
  /** The decision in words, naming the scores that settled it. */
  reason: string;
}

export interface TuneResult { config: CoreConfig; report: TuneReport }

/** Runs one unit of work: a chunk of packed series under one config. */
export type ScoreChunk = (input: ManyInput) => Promise<ManyScores>;

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
  const firstHalf = round1.slice(0, Math.ceil(round1.length / 2));
  const finalists = Math.min(options.finalists, candidates.length - 1);
  const survivors = Math.max(finalists, Math.ceil((candidates.length - 1) / 2));
  const windows = Math.max(1, options.windows);
  const quantiles = options.quantiles;

  // scores per config and cut, NaN until scored (or when the window does not fit)
  type Slot = { mae: Float64Array; mse: Float64Array; smape: Float64Array; spl: Float64Array; season: Float64Array; done: Uint8Array };
  const cache = candidates.map(() => new Map<number, Slot>());
  const slot = (c: number, cut: number): Slot => {
    let e = cache[c].get(cut);
    if (!e) {
      e = { mae: new Float64Array(n).fill(NaN), mse: new Float64Array(n).fill(NaN), smape: new Float64Array(n).fill(NaN), spl: new Float64Array(n).fill(NaN), season: new Float64Array(n), done: new Uint8Array(n) };
      cache[c].set(cut, e);
    }
    return e;
  };
  const plannedFits = firstHalf.length * candidates.length + (round1.length - firstHalf.length) * (survivors + 1) + (round2.length * windows - round1.length) * (finalists + 1) + holdoutIdx.length * 2;
  let doneFits = 0;
  const msPerFit = candidates.map(() => NaN);

  // what a dated forecast under config `c` tells the core for each listed series (as the forecast
  // routes do: the config's season length counts as told, ahead of the calendar)
  function seasonsOf(c: number, indices: number[]): Pick<ManyInput, 'seasonLengths' | 'periodHints'> {
    const dates = input.dates;
    if (!dates) return {};
    const told = candidates[c].season_length;
    const seasons = indices.map((i) => seasonOptions(dates[i], told));
    return { seasonLengths: seasons.map((x) => x.seasonLength), periodHints: seasons.map((x) => x.periodHints) };
  }

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
        const r = await score({ ...packed, horizon, windows: 1, config: candidates[c], ...seasonsOf(c, part), ...(quantiles.length > 0 ? { quantiles } : {}) });
        // the slowest recent unit decides the next size: it is what a queued forecast would wait behind
        const per = (Date.now() - t0) / part.length;
        msPerFit[c] = Number.isFinite(msPerFit[c]) ? Math.max(per, (msPerFit[c] + per) / 2) : per;
        part.forEach((i, k) => { e.mae[i] = r.mae[k]; e.mse[i] = r.mse[k]; e.smape[i] = r.smape[k]; e.spl[i] = r.spl?.[k] ?? NaN; e.season[i] = r.season[k]; e.done[i] = 1; });
        doneFits += part.length;
        await progress(Math.min(0.99, doneFits / Math.max(1, plannedFits)));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, lane));
  }

  // MASE's scale for series i's window at `cut`: from the values that window's model saw, at the
  // season the base used there, so every config's error on that window is divided by the same
  // number; and RMSSE's (the lag-1 mean squared difference, M5's)
  const scales = new Map<number, { mase: Float64Array; rmsse: Float64Array }>();
  function scaleOf(i: number, cut: number): { mase: number; rmsse: number } {
    let per = scales.get(cut);
    if (!per) scales.set(cut, (per = { mase: new Float64Array(n).fill(NaN), rmsse: new Float64Array(n).fill(NaN) }));
    if (Number.isNaN(per.mase[i])) {
      const s = input.series[i];
      const seen = Float64Array.from({ length: s.length - (cut + 1) * horizon }, (_, j) => s[j] ?? NaN);
      per.mase[i] = maseScale(seen, Math.max(1, slot(0, cut).season[i]));
      per.rmsse[i] = rmsseScale(seen);
    }
    return { mase: per.mase[i], rmsse: per.rmsse[i] };
  }

  // config c against the base on the listed series and cuts, over the (series, window) pairs both have
  // scored with a usable scale; MASE, RMSSE and sMAPE are means over those pairs (RMSSE over the
  // pairs whose training part is not constant, the only ones it has a scale for)
  type Compared = { relative: Relative; own: ScoreSummary; base: ScoreSummary; pairs: { mase: number; rmsse: number; spl: number } };
  function compare(c: number, indices: number[], cuts: number[]): Compared {
    let mc = 0, mb = 0, rc = 0, rb = 0, rpairs = 0, sc = 0, sb = 0, pairs = 0, logs = 0, logged = 0, pc = 0, pb = 0, ppairs = 0;
    for (const i of indices) {
      for (const cut of cuts) {
        const x = slot(c, cut), y = slot(0, cut);
        if (!Number.isFinite(x.mae[i]) || !Number.isFinite(y.mae[i]) || !Number.isFinite(x.smape[i]) || !Number.isFinite(y.smape[i])) continue;
        const scale = scaleOf(i, cut);
        if (!(scale.mase > 0)) continue;
        mc += x.mae[i] / scale.mase; mb += y.mae[i] / scale.mase; sc += x.smape[i]; sb += y.smape[i]; pairs += 1;
        if (scale.rmsse > 0 && Number.isFinite(x.mse[i]) && Number.isFinite(y.mse[i])) {
          rc += Math.sqrt(x.mse[i] / scale.rmsse); rb += Math.sqrt(y.mse[i] / scale.rmsse); rpairs += 1;
        }
        if (x.mae[i] > 0 && y.mae[i] > 0) { logs += Math.log(x.mae[i] / y.mae[i]); logged += 1; }
        // SPL carries its own scale (the window's lag-1 mean absolute difference), the same for every config
        if (Number.isFinite(x.spl[i]) && Number.isFinite(y.spl[i])) { pc += x.spl[i]; pb += y.spl[i]; ppairs += 1; }
      }
    }
    const none: ScoreSummary = { mase: null, rmsse: null, smape: null, spl: null };
    if (pairs === 0) return { relative: { mase: null, rmsse: null, owa: null, mae: null, spl: null }, own: none, base: none, pairs: { mase: 0, rmsse: 0, spl: 0 } };
    // a base without error is beaten by nothing, and matched by a config without error
    const ratio = (a: number, b: number) => (b > 0 ? a / b : a > 0 ? Infinity : 1);
    return {
      relative: {
        mase: ratio(mc, mb), rmsse: rpairs === 0 ? null : ratio(rc, rb),
        owa: 0.5 * (ratio(sc, sb) + ratio(mc, mb)), mae: logged === 0 ? 1 : Math.exp(logs / logged),
        spl: ppairs === 0 ? null : ratio(pc, pb),
      },
      own: { mase: mc / pairs, rmsse: rpairs === 0 ? null : rc / rpairs, smape: sc / pairs, spl: ppairs === 0 ? null : pc / ppairs },
      base: { mase: mb / pairs, rmsse: rpairs === 0 ? null : rb / rpairs, smape: sb / pairs, spl: ppairs === 0 ? null : pb / ppairs },
      pairs: { mase: pairs, rmsse: rpairs, spl: ppairs },
    };
  }
  // strong evidence: better than the base by the margin on MASE, and not worse by RMSSE or AvgRelMAE,
  // nor by SPL beyond its tolerance (a worse score is never a win, whatever another metric says)
  const beats = (r: Relative) => refusedBy(r) === null;
  function refusedBy(r: Relative): DecidedBy | null {
    if (r.mase === null || !(r.mase < 1 - options.margin)) return 'MASE';
    if (r.rmsse !== null && r.rmsse > 1) return 'RMSSE';
    if (r.mae === null || r.mae > 1) return 'AvgRelMAE';
    if (r.spl !== null && r.spl > 1 + options.pinballTolerance) return 'SPL';
    return null;
  }

  // round one, on the most recent window only: every candidate on the first half of the sample,
  // then the better half of them on the whole sample (the base first throughout: its seasons set
  // the scale every other config is measured on)
  type Scored = { config: CoreConfig; mase: number | null; relative: Relative; series: number };
  const byMase = (a: { relative: Relative }, b: { relative: Relative }) => (a.relative.mase ?? Infinity) - (b.relative.mase ?? Infinity);
  const scoredOn = (c: number, indices: number[], cuts: number[]): Scored => {
    const r = compare(c, indices, cuts);
    return { config: candidates[c], mase: r.own.mase, relative: r.relative, series: indices.length };
  };
  for (let c = 0; c < candidates.length; c++) await scoreCut(c, 1, firstHalf);
  const early = candidates.map((_, c) => ({ c, scored: scoredOn(c, firstHalf, [1]) })).sort((a, b) => byMase(a.scored, b.scored));
  const onward = [0, ...early.map((r) => r.c).filter((c) => c !== 0).slice(0, survivors)];
  for (const c of onward) await scoreCut(c, 1, round1);
  const ranked1 = [
    ...onward.map((c) => ({ c, scored: scoredOn(c, round1, [1]) })).sort((a, b) => byMase(a.scored, b.scored)),
    ...early.filter((r) => !onward.includes(r.c)),
  ];
  // round two: the base and the best few on the larger sample and every tuning window
  const keep = [0, ...ranked1.map((r) => r.c).filter((c) => c !== 0).slice(0, finalists)];
  const cuts = Array.from({ length: windows }, (_, k) => k + 1);
  for (const c of keep) for (const cut of cuts) await scoreCut(c, cut, round2);
  const second = keep.map((c) => ({ c, scored: scoredOn(c, round2, cuts) })).sort((a, b) => byMase(a.scored, b.scored));
  // an advantage that does not hold at every origin on its own is as likely luck as skill
  const everyWindow = (c: number) => cuts.every((cut) => { const o = compare(c, round2, [cut]).relative.mase; return o !== null && o < 1; });
  const pick = second.find((r) => r.c !== 0 && beats(r.scored.relative) && everyWindow(r.c));
  const pickIdx = pick ? pick.c : 0;
  const ranked = [...second.map((r) => r.scored), ...ranked1.filter((r) => !keep.includes(r.c)).map((r) => r.scored)];

  // the holdout: each series' last `horizon` values, the base (its seasons set the scale) then the pick
  await scoreCut(0, 0, holdoutIdx);
  if (pickIdx !== 0) await scoreCut(pickIdx, 0, holdoutIdx);
  const held = compare(pickIdx, holdoutIdx, [0]);
  const better = pickIdx !== 0 && beats(held.relative);
  const verdict = decision(pickIdx, held.relative, second.find((r) => r.c !== 0 && refusedBy(r.scored.relative) !== 'MASE'));
  await progress(1);
  return {
    config: better ? candidates[pickIdx] : input.base,
    report: {
      metric: DECIDED_ON,
      windows,
      series: { tuned_on: fits.length, holdout: holdoutIdx.length },
      candidates: ranked,
      holdout: {
        tuned: held.own,
        base: held.base,
        relative: held.relative,
        pairs: held.pairs,
      },
      chosen: better ? 'tuned' : 'base',
      checks: [...CHECKS],
      ...verdict,
    },
  };

  // which metric settled it, in words: the pick's holdout when there was one, else the best
  // finalist that beat the base on MASE but failed a check, else MASE itself
  function decision(pick: number, holdout: Relative, refused: { c: number; scored: Scored } | undefined): { decided_by: DecidedBy; reason: string } {
    const f = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(3));
    const ratios = (r: Relative) => `MASE ${f(r.mase)}, RMSSE ${f(r.rmsse)}, AvgRelMAE ${f(r.mae)}, SPL ${f(r.spl)} of the base's`;
    if (pick !== 0) {
      const by = refusedBy(holdout);
      if (by === null) return { decided_by: DECIDED_ON, reason: `won on the holdout: ${ratios(holdout)}` };
      return { decided_by: by, reason: `the pick ${JSON.stringify(candidates[pick])} did not hold on the holdout by ${by}: ${ratios(holdout)}` };
    }
    if (refused !== undefined) {
      const by = refusedBy(refused.scored.relative) ?? DECIDED_ON;
      const why = by === DECIDED_ON ? 'was not better at every tuning window' : `was worse by ${by}`;
      return { decided_by: by, reason: `the best candidate on MASE, ${JSON.stringify(refused.scored.config)}, ${why}: ${ratios(refused.scored.relative)}` };
    }
    return { decided_by: DECIDED_ON, reason: `no candidate beat the base on MASE by the margin (${options.margin})` };
  }
}
