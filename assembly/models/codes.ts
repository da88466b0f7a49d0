// Component codes: what the core reports it ran, written to the method buffer. The registry
// (./registry.ts) names them for hosts; models import their own code from here, never from abi/.

// ETS: 1000 + 100*error + 10*trend + season; error 1=A 2=M; trend 0=N 1=A 2=Ad; season 0=N 1=A 2=M.
export const CODE_ETS_BASE: i32 = 1000;
export const CODE_THETA: i32 = 2001;
export const CODE_OTM: i32 = 2002;
export const CODE_DOTM: i32 = 2004;
export const CODE_NAIVE: i32 = 3001;
export const CODE_SNAIVE: i32 = 3002;
export const CODE_DRIFT: i32 = 3003;
export const CODE_NAIVE2: i32 = 3004;
export const CODE_CONSTANT: i32 = 3005;
// ARIMA(p,d,q)(P,D,Q): 4_000_000 + p*100000 + d*10000 + q*1000 + P*100 + D*10 + Q
export const CODE_ARIMA_BASE: i32 = 4000000;
/** How many codes from CODE_ARIMA_BASE belong to ARIMA. */
export const CODE_ARIMA_SPAN: i32 = 1000000;
// Intermittent-demand members.
export const CODE_SBA: i32 = 6001;
export const CODE_TSB: i32 = 6002;
export const CODE_ADIDA: i32 = 6003;
export const CODE_IMAPA: i32 = 6004;

/** Code of the ETS form (error, trend, season) as written to the method buffer. */
export function etsCode(error: i32, trend: i32, season: i32): i32 {
  return CODE_ETS_BASE + 100 * error + 10 * trend + season;
}

/** The error of an ETS form's code (see etsCode). */
export function etsErrorOf(code: i32): i32 {
  return (code - CODE_ETS_BASE) / 100;
}

/** The trend of an ETS form's code (see etsCode). */
export function etsTrendOf(code: i32): i32 {
  return (code / 10) % 10;
}

/** The season of an ETS form's code (see etsCode). */
export function etsSeasonOf(code: i32): i32 {
  return code % 10;
}
