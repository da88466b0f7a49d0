// Portable host wrapper of the core's statistics exports (acf, seasonality test, decomposition,
// period detection, imputation). Imports nothing host-specific: the caller brings the bytes.
import { instantiateCore, type ArenaExports } from './instantiate.js';

interface StatsExports extends ArenaExports {
  statsAcf(yPtr: number, n: number, maxLag: number, outPtr: number): number;
  statsSeasonalityTest(yPtr: number, n: number, m: number): number;
  statsSeasonalIndices(yPtr: number, n: number, m: number, mult: number, outPtr: number): number;
  statsDetectPeriod(yPtr: number, n: number): number;
  statsImpute(yPtr: number, n: number, m: number, outPtr: number): number;
}

export interface CoreStats {
  /** Sample autocorrelations at lags 0..maxLag. */
  acf(series: ArrayLike<number>, maxLag: number): number[];
  /** The M4 90% seasonality test at lag m (false when m <= 1 or the series is shorter than 3m). */
  seasonalityTest(series: ArrayLike<number>, m: number): boolean;
  /** Classical-decomposition seasonal indices (index i applies to t % m == i). */
  seasonalIndices(series: ArrayLike<number>, m: number, multiplicative: boolean): number[];
  /** The detected seasonal period (1 = none). */
  detectPeriod(series: ArrayLike<number>): number;
  /** The gap-free series the models see (null or NaN = missing; leading gaps dropped). */
  impute(series: ArrayLike<number | null>, m: number): number[];
}

/** Instantiates the core from its bytes or a compiled module and returns its statistics toolkit. */
export async function createStats(source: BufferSource | WebAssembly.Module): Promise<CoreStats> {
  const ex = await instantiateCore<StatsExports>(source);

  // copies the series in after every alloc is done (a memory.grow detaches earlier views)
  function input(series: ArrayLike<number | null>, outLen: number): { yPtr: number; outPtr: number } {
    ex.reset();
    const n = series.length;
    const yPtr = ex.alloc(Math.max(1, n) * 8);
    const outPtr = ex.alloc(Math.max(1, outLen) * 8);
    const y = new Float64Array(ex.memory.buffer, yPtr, n);
    for (let i = 0; i < n; i++) {
      const v = series[i];
      y[i] = v === null || v === undefined ? NaN : v;
    }
    return { yPtr, outPtr };
  }

  function output(ptr: number, len: number): number[] {
    return len > 0 ? Array.from(new Float64Array(ex.memory.buffer, ptr, len)) : [];
  }

  return {
    acf(series, maxLag) {
      const { yPtr, outPtr } = input(series, maxLag + 1);
      return output(outPtr, ex.statsAcf(yPtr, series.length, maxLag, outPtr));
    },
    seasonalityTest(series, m) {
      const { yPtr } = input(series, 0);
      return ex.statsSeasonalityTest(yPtr, series.length, m) === 1;
    },
    seasonalIndices(series, m, multiplicative) {
      const { yPtr, outPtr } = input(series, m);
      return output(outPtr, ex.statsSeasonalIndices(yPtr, series.length, m, multiplicative ? 1 : 0, outPtr));
    },
    detectPeriod(series) {
      const { yPtr } = input(series, 0);
      return ex.statsDetectPeriod(yPtr, series.length);
    },
    impute(series, m) {
      const { yPtr, outPtr } = input(series, series.length);
      return output(outPtr, ex.statsImpute(yPtr, series.length, m, outPtr));
    },
  };
}
