// The batched likelihood pass as an export, for the kernel benchmark and its tests (numbers only).
import { ERROR_A, SEASON_N, SEASON_A, TREND_N, TREND_AD } from "../models/ets/form";
import { etsLanesAdditiveAt, LANE_GROUP } from "../models/ets/kernel-lanes";
import { STATUS_OK, STATUS_BAD_ARGUMENT } from "./status";

/**
 * `ets_loglik` for `lanes` parameter vectors of one additive-error form at once: parameters at
 * parPtr (alpha, beta, gamma, phi per lane), states at statesPtr (level, slope, then s_0 … s_{1−m}
 * for a seasonal form: 2 + m f64 per lane, 3 without a season), one result per lane to outPtr.
 * BAD_ARGUMENT for a multiplicative error or season, or bad sizes.
 */
export function ets_loglik_lanes(
  yPtr: usize, n: i32, m: i32, error: i32, trend: i32, season: i32,
  parPtr: usize, statesPtr: usize, lanes: i32, outPtr: usize,
): i32 {
  if (n < 1 || lanes < 1 || error != ERROR_A || trend < TREND_N || trend > TREND_AD) return STATUS_BAD_ARGUMENT;
  if (season != SEASON_N && season != SEASON_A) return STATUS_BAD_ARGUMENT;
  if (season != SEASON_N && m < 2) return STATUS_BAD_ARGUMENT;
  const mm = season != SEASON_N ? m : 1;
  const work = new Float64Array(mm * LANE_GROUP);
  // the kernel takes the seasons in the order they are used: s_{1−m} first
  const stride = 2 + mm;
  const states = new Float64Array(lanes * stride);
  for (let k = 0; k < lanes; k++) {
    const sp = statesPtr + (<usize>(k * stride) << 3);
    states[k * stride] = load<f64>(sp);
    states[k * stride + 1] = load<f64>(sp, 8);
    for (let j = 0; j < mm; j++) states[k * stride + 2 + j] = season != SEASON_N ? load<f64>(sp + (<usize>(2 + mm - 1 - j) << 3)) : 0.0;
  }
  etsLanesAdditiveAt(yPtr, n, mm, trend, season, parPtr, states.dataStart, lanes, work.dataStart, 0.0, outPtr);
  return STATUS_OK;
}
