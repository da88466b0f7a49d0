// Chooses the seasonal and ordinary differencing orders (D first, then d) and applies them.
import { difference } from "../../numerics/difference";
import { chooseD } from "./kpss";
import { seasonalStrength, SEASONAL_STRENGTH_THRESHOLD } from "./seasonal_strength";

/** The differencing orders chosen for a series and the differenced series itself. */
export class Differencing {
  constructor(public d: i32, public D: i32, public w: Float64Array) {}
}

/**
 * D = 1 when m > 1, the series spans at least two seasons plus four points and its seasonal
 * strength exceeds 0.64; then d (at most 2, at most 1 after a seasonal difference) by KPSS tests
 * on the seasonally differenced series (Hyndman & Khandakar 2008, §3.2).
 */
export function chooseDifferencing(z: Float64Array, m: i32): Differencing {
  const n = z.length;
  let D = 0;
  // compared as (n - 4) / 2 so a huge season length cannot overflow i32
  if (m > 1 && m <= (n - 4) / 2 && seasonalStrength(z, m) > SEASONAL_STRENGTH_THRESHOLD) D = 1;
  const d = chooseD(D == 1 ? difference(z, m) : z, D == 1 ? 1 : 2);
  return differenceBy(z, m, d, D);
}

/**
 * `z` differenced D times at lag m (only when m > 1 and the series spans two seasons plus four
 * points, as chooseDifferencing requires; otherwise D is 0) and then d times at lag 1, as far as
 * values remain.
 */
export function differenceBy(z: Float64Array, m: i32, d: i32, D: i32): Differencing {
  const seasonal = D > 0 && m > 1 && m <= (z.length - 4) / 2 ? 1 : 0;
  let w = seasonal == 1 ? difference(z, m) : z;
  let k = 0;
  while (k < d && w.length > 1) { w = difference(w, 1); k++; }
  return new Differencing(k, seasonal, w);
}
