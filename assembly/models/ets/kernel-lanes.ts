// The additive-error ETS recursion for several parameter vectors of one form at once (e.g. the
// vertices of a Nelder–Mead simplex): lanes are independent, so two f64x2 chains run side by side
// where one scalar pass waits on its own dependent operations.
import { TREND_N, TREND_AD, SEASON_N } from "./form";

/** Lanes evaluated together in one group: two f64x2 vectors. */
export const LANE_GROUP: i32 = 4;
/** f64 slots per lane in the parameter block: alpha, beta, gamma, phi. */
export const LANE_PARAMS: i32 = 4;

// parameter `slot` of lanes `lane` and `lane + 1` (past the end: the last lane) as one vector
@inline function par(parPtr: usize, lane: i32, lanes: i32, slot: i32): v128 {
  const a = load<f64>(parPtr + (<usize>(min(lane, lanes - 1) * LANE_PARAMS + slot) << 3));
  const b = load<f64>(parPtr + (<usize>(min(lane + 1, lanes - 1) * LANE_PARAMS + slot) << 3));
  return f64x2.replace_lane(f64x2.splat(a), 1, b);
}

// initial state `slot` (0 level, 1 slope) of lanes `lane` and `lane + 1` as one vector
@inline function state(statesPtr: usize, stride: usize, lane: i32, lanes: i32, slot: i32): v128 {
  const a = load<f64>(statesPtr + <usize>min(lane, lanes - 1) * stride + (<usize>slot << 3));
  const b = load<f64>(statesPtr + <usize>min(lane + 1, lanes - 1) * stride + (<usize>slot << 3));
  return f64x2.replace_lane(f64x2.splat(a), 1, b);
}

/**
 * For each of `lanes` parameter vectors (at parPtr, LANE_PARAMS f64 each) and initial states (at
 * statesPtr, 2 + m f64 each, 3 without a season: level, slope, then the seasons in the order they
 * are used, as `etsPassAt` takes them), writes to outPtr the value `etsPassAt` returns for the
 * additive-error form (trend, season) with this floor: n·log max(Σε², n·floor), +Infinity
 * when that is NaN. Same operations in the same order per lane, so each lane equals the scalar pass
 * bit for bit. `work` is scratch of at least m·LANE_GROUP f64. Allocates nothing.
 */
export function etsLanesAdditiveAt(
  yp: usize, n: i32, m: i32, trend: i32, season: i32,
  parPtr: usize, statesPtr: usize, lanes: i32, work: usize, floor: f64, outPtr: usize,
): void {
  const hasTrend = trend != TREND_N;
  const hasSeason = season != SEASON_N && m > 1;
  const mm = hasSeason ? m : 1;
  const stride = <usize>(2 + mm) << 3;
  const one = f64x2.splat(1.0), zero = f64x2.splat(0.0);
  for (let g = 0; g < lanes; g += LANE_GROUP) {
    // a partial last group repeats its last lane; only real lanes are written out
    for (let k = 0; k < LANE_GROUP; k++) {
      const sp = statesPtr + <usize>min(g + k, lanes - 1) * stride;
      for (let j = 0; j < mm; j++) {
        const s = hasSeason ? load<f64>(sp + (<usize>(2 + j) << 3)) : 0.0;
        store<f64>(work + ((<usize>(j * LANE_GROUP + k)) << 3), s);
      }
    }
    // the scalar pass's per-lane constants, computed by the same operations lane-wise
    const phiA = par(parPtr, g, lanes, 3), phiB = par(parPtr, g + 2, lanes, 3);
    const pA = hasTrend ? (trend == TREND_AD ? phiA : one) : zero;
    const pB = hasTrend ? (trend == TREND_AD ? phiB : one) : zero;
    const btA = hasTrend ? par(parPtr, g, lanes, 1) : zero, btB = hasTrend ? par(parPtr, g + 2, lanes, 1) : zero;
    const cA = f64x2.add(par(parPtr, g, lanes, 0), f64x2.mul(pA, btA));
    const cB = f64x2.add(par(parPtr, g + 2, lanes, 0), f64x2.mul(pB, btB));
    const p2A = f64x2.mul(pA, pA), p2B = f64x2.mul(pB, pB);
    const omcA = f64x2.sub(one, cA), omcB = f64x2.sub(one, cB);
    const gA = par(parPtr, g, lanes, 2), gB = par(parPtr, g + 2, lanes, 2);
    let bA = hasTrend ? state(statesPtr, stride, g, lanes, 1) : zero;
    let bB = hasTrend ? state(statesPtr, stride, g + 2, lanes, 1) : zero;
    let lbA = f64x2.add(state(statesPtr, stride, g, lanes, 0), f64x2.mul(pA, bA));
    let lbB = f64x2.add(state(statesPtr, stride, g + 2, lanes, 0), f64x2.mul(pB, bB));
    let sseA = f64x2.splat(0.0), sseB = f64x2.splat(0.0);
    let j = 0;
    for (let t = 0; t < n; t++) {
      const yt = f64x2.splat(load<f64>(yp + (<usize>t << 3)));
      const wp = work + (<usize>(j * LANE_GROUP) << 3);
      const sA = v128.load(wp), sB = v128.load(wp, 16);
      const rA = f64x2.sub(yt, f64x2.add(lbA, sA)), rB = f64x2.sub(yt, f64x2.add(lbB, sB));
      sseA = f64x2.add(sseA, f64x2.mul(rA, rA));
      sseB = f64x2.add(sseB, f64x2.mul(rB, rB));
      const dA = f64x2.sub(f64x2.sub(yt, sA), lbA), dB = f64x2.sub(f64x2.sub(yt, sB), lbB);
      if (hasSeason) {
        v128.store(wp, f64x2.add(sA, f64x2.mul(gA, rA)));
        v128.store(wp, f64x2.add(sB, f64x2.mul(gB, rB)), 16);
      }
      if (hasTrend) {
        lbA = f64x2.add(f64x2.add(lbA, f64x2.mul(p2A, bA)), f64x2.mul(cA, dA));
        lbB = f64x2.add(f64x2.add(lbB, f64x2.mul(p2B, bB)), f64x2.mul(cB, dB));
        bA = f64x2.add(f64x2.mul(pA, bA), f64x2.mul(btA, dA));
        bB = f64x2.add(f64x2.mul(pB, bB), f64x2.mul(btB, dB));
      } else {
        lbA = f64x2.add(f64x2.mul(omcA, lbA), f64x2.mul(cA, f64x2.sub(yt, sA)));
        lbB = f64x2.add(f64x2.mul(omcB, lbB), f64x2.mul(cB, f64x2.sub(yt, sB)));
      }
      j++;
      if (j == mm) j = 0;
    }
    const nf = <f64>n, fl = floor * nf;
    writeLane(outPtr, g, lanes, nf, fl, f64x2.extract_lane(sseA, 0));
    writeLane(outPtr, g + 1, lanes, nf, fl, f64x2.extract_lane(sseA, 1));
    writeLane(outPtr, g + 2, lanes, nf, fl, f64x2.extract_lane(sseB, 0));
    writeLane(outPtr, g + 3, lanes, nf, fl, f64x2.extract_lane(sseB, 1));
  }
}

@inline function writeLane(outPtr: usize, lane: i32, lanes: i32, n: f64, fl: f64, sse: f64): void {
  if (lane >= lanes) return;
  // as etsPassAt with additive errors: Σlog|ŷ| stays log(1) = 0
  const lik = n * Math.log(sse > fl ? sse : fl) + 2.0 * Math.log(1.0);
  store<f64>(outPtr + (<usize>lane << 3), isNaN(lik) ? Infinity : lik);
}
