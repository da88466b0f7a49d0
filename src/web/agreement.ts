// Whether the API and the in-browser core gave the same forecast: both run the same .wasm on the
// same input, so anything beyond rounding noise means they did not compute the same thing.

/** The part of a forecast answer that is compared: point forecasts and interval bounds. */
export interface ComparableForecast {
  forecast: number[];
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
}

export interface Agreement {
  identical: boolean;
  /** Largest absolute difference over every compared number (Infinity when shapes differ). */
  maxAbsDiff: number;
  /** 1e-9 × the series' scale. */
  tolerance: number;
  /** How many numbers were compared. */
  compared: number;
}

/** Relative tolerance: far above float noise, far below any difference a person could see. */
export const RELATIVE_TOLERANCE = 1e-9;

/** max(1, largest |value| of the history): the scale the tolerance is relative to. */
export function seriesScale(history: ArrayLike<number | null>): number {
  let scale = 1;
  for (let i = 0; i < history.length; i++) {
    const v = history[i];
    if (v !== null && Number.isFinite(v)) scale = Math.max(scale, Math.abs(v));
  }
  return scale;
}

function pairs(a: ComparableForecast, b: ComparableForecast): Array<[number[], number[]]> | null {
  const out: Array<[number[], number[]]> = [[a.forecast, b.forecast]];
  const ka = Object.keys(a.intervals ?? {}).sort();
  const kb = Object.keys(b.intervals ?? {}).sort();
  if (ka.join() !== kb.join()) return null;
  for (const k of ka) {
    out.push([a.intervals![k].lower, b.intervals![k].lower], [a.intervals![k].upper, b.intervals![k].upper]);
  }
  return out;
}

/** Compares point forecasts and every interval bound; identical when all differ by at most 1e-9 × scale. */
export function compareForecasts(history: ArrayLike<number | null>, a: ComparableForecast, b: ComparableForecast): Agreement {
  const tolerance = RELATIVE_TOLERANCE * seriesScale(history);
  const all = pairs(a, b);
  if (all === null || all.some(([x, y]) => x.length !== y.length)) {
    return { identical: false, maxAbsDiff: Infinity, tolerance, compared: 0 };
  }
  let maxAbsDiff = 0;
  let compared = 0;
  for (const [x, y] of all) {
    for (let i = 0; i < x.length; i++) {
      const d = Math.abs(x[i] - y[i]);
      // NaN on one side only is a difference; NaN on both is the same answer
      maxAbsDiff = Math.max(maxAbsDiff, Number.isNaN(d) ? (Number.isNaN(x[i]) && Number.isNaN(y[i]) ? 0 : Infinity) : d);
      compared += 1;
    }
  }
  return { identical: maxAbsDiff <= tolerance, maxAbsDiff, tolerance, compared };
}
