// The `@tempo-forecast/core` entry, the portable host side of the Tempo core: loads the .wasm in any
// runtime and speaks its ABI. Imports nothing host-specific; the server's Node/Bun file loader is
// its own (src/core/node.ts in the repository), reading the tempo.wasm this package ships.
import { HOST_ABI_VERSION, METHOD_SLOTS, METHOD_OUTER_SLOT, MAX_LEVELS, MAX_QUANTILES, MAX_REGRESSORS, STATUS, MODEL_IDS, MEMBER_BITS, COMBINE_IDS } from './abi.js';
import type { CoreModelName, MemberName, CombineName } from './abi.js';
import { componentName } from './method.js';
import { instantiateCore, type ArenaExports } from './instantiate.js';
import { readRegression, reportLength, type RegressionMethod } from './regression.js';

export { MODEL_IDS, MEMBER_BITS, COMBINE_IDS, STATUS, MAX_LEVELS } from './abi.js';
export type { CoreModelName, MemberName, CombineName } from './abi.js';
export { componentName } from './method.js';
export type { RegressorUse, RegressorTerm, DropReason, RegressionMethod } from './regression.js';

/** One configuration of the core's models. */
export interface SegmentConfig {
  model?: CoreModelName;
  members?: MemberName[];
  combination?: CombineName;
  season_length?: number;
}

/** Per-model configuration (what an organization's stored model holds). */
export interface CoreConfig extends SegmentConfig {
  /**
   * The configuration for a series the core's own test calls intermittent demand (a tuned model
   * carries one, so whatever it chose for regular series never takes intermittent ones off the
   * Croston-family routing); absent: every series uses the rest of the config.
   */
  intermittent?: SegmentConfig;
  /**
   * Per season key (see `Forecaster.segmentOf`, e.g. "12" for monthly data, "1" for yearly or
   * non-seasonal data): the configuration for a regular series of that key (a tuned model tunes each
   * frequency apart); a key not listed uses the rest of the config.
   */
  seasons?: Record<string, SegmentConfig>;
}

/** The segment a series belongs to under a stored config: intermittent or not, and its season key. */
export interface SeriesSegment {
  intermittent: boolean;
  /** The season length told (the request's, else the config's), else the calendar's shortest period rounded, else the detected period; 0 when none of them is known (never tuned: see src/tuning/segments.ts). */
  season: number;
}

export interface ForecastOptions {
  seasonLength?: number;
  /**
   * Candidate seasonal periods from the calendar (e.g. [24, 168] for hourly data), used only when
   * no season length is told: the first the data passes the seasonality test at is used; when
   * none passes, a period the core detects wins, and only without one does the first hint that fits
   * twice go to the models, which weigh it themselves (see statsCalendarPeriod in assembly/README.md).
   */
  periodHints?: number[];
  level?: number[];
  config?: CoreConfig;
  /** also return the one-step-ahead in-sample predictions (and their intervals at `level`) */
  fitted?: boolean;
  /**
   * Known future covariates: name → series.length + horizon finite numbers, the history aligned with
   * the series and then the values at the forecast's times. The answer's method reports how each was used.
   */
  regressors?: Record<string, ArrayLike<number>>;
  /** probabilities strictly between 0 and 1; the answer adds `quantiles`, keyed by String(p) */
  quantiles?: number[];
}

/** Lower and upper bounds per level, keyed by the level as written ("80", "95"). */
export type IntervalsByLevel = Record<string, { lower: number[]; upper: number[] }>;
/** In-sample bounds per level; null where the model has no one-step prediction. */
export type FittedIntervalsByLevel = Record<string, { lower: (number | null)[]; upper: (number | null)[] }>;

/** What the core fitted: its components and the season length used (with every period when two were). */
export interface ForecastMethod extends Partial<RegressionMethod> {
  components: string[];
  season_length: number;
  /** present only when more than one seasonal period was used, shortest first, e.g. [24, 168] */
  seasonal_periods?: number[];
}

export interface ForecastResult {
  forecast: number[];
  intervals?: IntervalsByLevel;
  method: ForecastMethod;
  /** one per input value: the one-step-ahead prediction, null where the model has none (its first values, leading gaps) */
  fitted?: (number | null)[];
  fitted_intervals?: FittedIntervalsByLevel;
  /** the forecast's quantiles, keyed by the probability as String(p) ("0.1", "0.5") */
  quantiles?: Record<string, number[]>;
}

/** Raised for an expected failure the core reports as a status (bad argument, no data, ...). */
export class CoreError extends Error {
  constructor(public readonly status: number, message: string) {
    super(message);
    this.name = 'CoreError';
  }
}

export interface Forecaster {
  /** Forecasts `horizon` steps of `series` (null or NaN = missing); throws CoreError on bad input. */
  forecast(series: ArrayLike<number | null>, horizon: number, options?: ForecastOptions): ForecastResult;
  /** True when the core would route `series` as intermittent demand (imputed at `seasonLength`, or the detected period). */
  isIntermittent(series: ArrayLike<number | null>, seasonLength?: number): boolean;
  /** The segment of a stored config that `forecast` would use for `series` under these options (config included). */
  segmentOf(series: ArrayLike<number | null>, options?: ForecastOptions): SeriesSegment;
  /** The core's ABI version. */
  readonly abiVersion: number;
}

interface CoreExports extends ArenaExports {
  ABI_VERSION: WebAssembly.Global;
  forecast(yPtr: number, n: number, h: number, m: number, model: number, members: number, combine: number,
    levelsPtr: number, nLevels: number, outPtr: number, methodPtr: number): number;
  statsCalendarPeriod(yPtr: number, n: number, hintsPtr: number, nHints: number): number;
  forecastFitted(yPtr: number, n: number, h: number, m: number, model: number, members: number, combine: number,
    levelsPtr: number, nLevels: number, outPtr: number, methodPtr: number, fittedPtr: number): number;
  forecastWith(yPtr: number, n: number, h: number, m: number, model: number, members: number, combine: number,
    levelsPtr: number, nLevels: number, probsPtr: number, nProbs: number, xPtr: number, k: number,
    outPtr: number, methodPtr: number, fittedPtr: number, regPtr: number): number;
  regressionExtraTerms(): number;
  statsIntermittent(yPtr: number, n: number, m: number): number;
  statsImpute(yPtr: number, n: number, m: number, outPtr: number): number;
  statsDetectPeriod(yPtr: number, n: number): number;
}

// NaN is the core's mark for "no prediction here"; JSON has null for it
function orNull(view: Float64Array): (number | null)[] {
  return Array.from(view, (v) => (Number.isFinite(v) ? v : null));
}

const STATUS_TEXT: Record<number, string> = {
  [STATUS.BAD_ARGUMENT]: 'an argument is out of range',
  [STATUS.NO_DATA]: 'the series holds no finite value',
  [STATUS.UNKNOWN_MODEL]: 'unknown model',
  [STATUS.NUMERIC_FAILURE]: 'the computation produced a non-finite value',
  [STATUS.OUT_OF_RANGE]: 'values too large to forecast',
};

function membersMask(members: MemberName[] | undefined): number {
  if (!members || members.length === 0) return 0;
  let mask = 0;
  for (const m of members) {
    const bit = MEMBER_BITS[m];
    if (bit === undefined) throw new CoreError(STATUS.BAD_ARGUMENT, `unknown ensemble member "${m}"`);
    mask |= bit;
  }
  return mask;
}

/** Instantiates the core from its bytes or a compiled module and returns a synchronous forecaster. */
export async function createForecaster(source: BufferSource | WebAssembly.Module): Promise<Forecaster> {
  const ex = await instantiateCore<CoreExports>(source);
  const version = Number(ex.ABI_VERSION.value);
  if (version !== HOST_ABI_VERSION) {
    throw new Error(`tempo core ABI ${version} does not match host ABI ${HOST_ABI_VERSION}`);
  }

  // the series in fresh arena memory (NaN = missing)
  function place(series: ArrayLike<number | null>): number {
    const n = series.length;
    ex.reset();
    const yPtr = ex.alloc(n * 8);
    const y = new Float64Array(ex.memory.buffer, yPtr, n);
    for (let i = 0; i < n; i++) {
      const v = series[i];
      y[i] = v === null || v === undefined ? NaN : v;
    }
    return yPtr;
  }

  function isIntermittent(series: ArrayLike<number | null>, seasonLength = 0): boolean {
    const n = series.length;
    if (n === 0 || !Number.isInteger(seasonLength) || seasonLength < 0) return false;
    return ex.statsIntermittent(place(series), n, seasonLength) === 1;
  }

  // the period forecast would detect with m = 0: found on the imputed series, as forecast does
  function detectedPeriod(series: ArrayLike<number | null>): number {
    const n = series.length;
    if (n === 0) return 1;
    const yPtr = place(series);
    const outPtr = ex.alloc(n * 8);
    const len = ex.statsImpute(yPtr, n, 0, outPtr);
    return len < 1 ? 1 : ex.statsDetectPeriod(outPtr, len);
  }

  function segmentOf(series: ArrayLike<number | null>, options: ForecastOptions = {}): SeriesSegment {
    const { intermittent: _own, seasons: _seasons, ...regular } = options.config ?? {};
    const told = options.seasonLength ?? regular.season_length;
    const hints = (options.periodHints ?? []).filter((p) => Math.round(p) > 1);
    const flagged = isIntermittent(series, told ?? 0);
    // neither told, nor a calendar, nor a period found: 0, "frequency unknown", a yearly series and a
    // monthly one without seasonality look the same here, so no one segment config can suit them
    const season = told !== undefined ? told : hints.length > 0 ? Math.round(hints[0]) : detectedPeriod(series) > 1 ? detectedPeriod(series) : 0;
    return { intermittent: flagged, season };
  }

  // the segment of a stored config this series belongs to (a config without segments is one)
  function segmentConfig(series: ArrayLike<number | null>, options: ForecastOptions): SegmentConfig {
    const { intermittent, seasons, ...regular } = options.config ?? {};
    if (intermittent === undefined && seasons === undefined) return regular;
    if (intermittent !== undefined && isIntermittent(series, options.seasonLength ?? regular.season_length ?? 0)) return intermittent;
    if (seasons === undefined) return regular;
    return seasons[String(segmentOf(series, options).season)] ?? regular;
  }

  function forecast(series: ArrayLike<number | null>, horizon: number, options: ForecastOptions = {}): ForecastResult {
    const config = segmentConfig(series, options);
    const n = series.length;
    const levels = options.level ?? [];
    const model = MODEL_IDS[config.model ?? 'tempo'];
    if (model === undefined) throw new CoreError(STATUS.UNKNOWN_MODEL, `unknown model "${config.model}"`);
    const combine = COMBINE_IDS[config.combination ?? 'default'];
    if (combine === undefined) throw new CoreError(STATUS.BAD_ARGUMENT, `unknown combination "${config.combination}"`);
    if (levels.length > MAX_LEVELS) throw new CoreError(STATUS.BAD_ARGUMENT, `at most ${MAX_LEVELS} levels`);
    let m = options.seasonLength ?? config.season_length ?? 0;
    const hints = m === 0 ? (options.periodHints ?? []) : [];
    if (!Number.isInteger(horizon) || horizon < 1) throw new CoreError(STATUS.BAD_ARGUMENT, 'horizon must be a positive integer');
    if (!Number.isInteger(m) || m < 0) throw new CoreError(STATUS.BAD_ARGUMENT, 'season length must be a positive integer');
    const mask = membersMask(config.members);
    const probs = options.quantiles ?? [];
    const names = Object.keys(options.regressors ?? {});
    if (probs.length > MAX_QUANTILES) throw new CoreError(STATUS.BAD_ARGUMENT, `at most ${MAX_QUANTILES} quantiles`);
    if (probs.some((p) => !(p > 0 && p < 1))) throw new CoreError(STATUS.BAD_ARGUMENT, 'quantiles must lie strictly between 0 and 1');
    if (names.length > MAX_REGRESSORS) throw new CoreError(STATUS.BAD_ARGUMENT, `at most ${MAX_REGRESSORS} regressors`);
    for (const name of names) {
      const col = options.regressors![name];
      if (col.length !== n + horizon) throw new CoreError(STATUS.BAD_ARGUMENT, `regressor "${name}" has ${col.length} values, not series length + horizon = ${n + horizon}`);
      for (let t = 0; t < col.length; t++) {
        if (!Number.isFinite(col[t])) throw new CoreError(STATUS.BAD_ARGUMENT, `regressor "${name}" value ${t} is not a finite number`);
      }
    }
    // requests with neither keep the exports (and so the answers) they always had
    const extended = probs.length > 0 || names.length > 0;

    ex.reset();
    const yPtr = ex.alloc(n * 8);
    const levelsPtr = ex.alloc(Math.max(1, levels.length) * 8);
    const outLen = horizon * (1 + 2 * levels.length + probs.length);
    const outPtr = ex.alloc(outLen * 8);
    const methodPtr = ex.alloc(METHOD_SLOTS * 4);
    const hintsPtr = hints.length > 0 ? ex.alloc(hints.length * 8) : 0;
    const wantFitted = options.fitted === true;
    const fittedLen = wantFitted ? n * (1 + 2 * levels.length) : 0;
    const fittedPtr = wantFitted ? ex.alloc(fittedLen * 8) : 0;
    const probsPtr = probs.length > 0 ? ex.alloc(probs.length * 8) : 0;
    const xPtr = names.length > 0 ? ex.alloc(names.length * (n + horizon) * 8) : 0;
    const regLen = names.length > 0 ? reportLength(names.length, ex.regressionExtraTerms()) : 0;
    const regPtr = names.length > 0 ? ex.alloc(regLen * 8) : 0;
    // views are made after the last alloc: a memory.grow detaches earlier views
    const y = new Float64Array(ex.memory.buffer, yPtr, n);
    for (let i = 0; i < n; i++) {
      const v = series[i];
      y[i] = v === null || v === undefined ? NaN : v;
    }
    new Float64Array(ex.memory.buffer, levelsPtr, levels.length).set(levels);
    if (hints.length > 0) {
      new Float64Array(ex.memory.buffer, hintsPtr, hints.length).set(hints);
      m = ex.statsCalendarPeriod(yPtr, n, hintsPtr, hints.length);
    }
    if (probs.length > 0) new Float64Array(ex.memory.buffer, probsPtr, probs.length).set(probs);
    names.forEach((name, j) => {
      const col = new Float64Array(ex.memory.buffer, xPtr + j * (n + horizon) * 8, n + horizon);
      const src = options.regressors![name];
      for (let t = 0; t < n + horizon; t++) col[t] = src[t];
    });
    const status = extended
      ? ex.forecastWith(yPtr, n, horizon, m, model, mask, combine, levelsPtr, levels.length, probsPtr, probs.length, xPtr, names.length,
        outPtr, methodPtr, fittedPtr, regPtr)
      : wantFitted
      ? ex.forecastFitted(yPtr, n, horizon, m, model, mask, combine, levelsPtr, levels.length, outPtr, methodPtr, fittedPtr)
      : ex.forecast(yPtr, n, horizon, m, model, mask, combine, levelsPtr, levels.length, outPtr, methodPtr);
    if (status !== STATUS.OK) throw new CoreError(status, STATUS_TEXT[status] ?? `core status ${status}`);

    const out = new Float64Array(ex.memory.buffer, outPtr, outLen);
    const meta = new Int32Array(ex.memory.buffer, methodPtr, METHOD_SLOTS);
    const method: ForecastMethod = {
      components: Array.from(meta.subarray(2, 2 + meta[1]), componentName),
      season_length: meta[0],
    };
    if (meta[METHOD_OUTER_SLOT] > 0) method.seasonal_periods = [meta[0], meta[METHOD_OUTER_SLOT]];
    if (names.length > 0) Object.assign(method, readRegression(new Float64Array(ex.memory.buffer, regPtr, regLen), names));
    const result: ForecastResult = { forecast: Array.from(out.subarray(0, horizon)), method };
    if (levels.length > 0) {
      result.intervals = {};
      levels.forEach((lv, k) => {
        result.intervals![String(lv)] = {
          lower: Array.from(out.subarray((1 + 2 * k) * horizon, (2 + 2 * k) * horizon)),
          upper: Array.from(out.subarray((2 + 2 * k) * horizon, (3 + 2 * k) * horizon)),
        };
      });
    }
    if (probs.length > 0) {
      const base = horizon * (1 + 2 * levels.length);
      result.quantiles = {};
      probs.forEach((p, k) => { result.quantiles![String(p)] = Array.from(out.subarray(base + k * horizon, base + (k + 1) * horizon)); });
    }
    if (wantFitted) {
      const fv = new Float64Array(ex.memory.buffer, fittedPtr, fittedLen);
      result.fitted = orNull(fv.subarray(0, n));
      if (levels.length > 0) {
        result.fitted_intervals = {};
        levels.forEach((lv, k) => {
          result.fitted_intervals![String(lv)] = {
            lower: orNull(fv.subarray((1 + 2 * k) * n, (2 + 2 * k) * n)),
            upper: orNull(fv.subarray((2 + 2 * k) * n, (3 + 2 * k) * n)),
          };
        });
      }
    }
    return result;
  }

  return { forecast, isIntermittent, segmentOf, abiVersion: version };
}

/**
 * The URL of the `tempo.wasm` this package ships, beside this module: fetch it in a browser, Deno
 * or a worker, read it with `fs.readFile` in Node or Bun. Written as `new URL(…, import.meta.url)`,
 * the form bundlers (Vite, webpack, esbuild with a loader) recognise and copy the file for.
 */
export function wasmUrl(): URL {
  return new URL('./tempo.wasm', import.meta.url);
}
