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
  let w = D == 1 ? difference(z, m) : z;
  const d = chooseD(w, D == 1 ? 1 : 2);
  for (let i = 0; i < d; i++) w = difference(w, 1);
  return new Differencing(d, D, w);
}
