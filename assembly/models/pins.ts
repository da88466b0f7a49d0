// Components a refit keeps: while pinned, ETS selection and the ARIMA search consider only the
// forms and orders a full fit of the same series chose, and re-estimate their parameters (about a
// third of a full fit's time on M1's monthly and quarterly series). The interval check on
// medium-length series uses it.
import { CODE_ARIMA_BASE, CODE_ARIMA_SPAN } from "./codes";

// the pinning call's own array: the host resets the heap between calls, so a pin ends with its call
let pins: Array<i32> | null = null;

/** Restricts ETS and ARIMA to the component `codes` until `unpin`. */
export function pinComponents(codes: Array<i32>): void {
  pins = codes;
}

/** Lifts the restriction: every form and order is searched again. */
export function unpin(): void {
  pins = null;
}

/** Whether a pin is in force and names the ETS form with code `code`. */
export function etsPinned(code: i32): bool {
  const p = pins;
  if (p === null) return false;
  for (let i = 0; i < p.length; i++) if (p[i] == code) return true;
  return false;
}

/** The pinned ARIMA component's code, or 0 when no pin is in force or it names no ARIMA model. */
export function pinnedArima(): i32 {
  const p = pins;
  if (p === null) return 0;
  for (let i = 0; i < p.length; i++) if (p[i] >= CODE_ARIMA_BASE && p[i] - CODE_ARIMA_BASE < CODE_ARIMA_SPAN) return p[i];
  return 0;
}
