// Model ids (what the host asks for) and component codes (what the core reports it ran).

export const MODEL_TEMPO: i32 = 0;
export const MODEL_ETS: i32 = 1;
export const MODEL_THETA: i32 = 2;   // standard Theta (STM)
export const MODEL_OTM: i32 = 3;     // optimised Theta
export const MODEL_DOTM: i32 = 4;    // dynamic optimised Theta
export const MODEL_NAIVE: i32 = 5;
export const MODEL_SNAIVE: i32 = 6;
export const MODEL_DRIFT: i32 = 7;
export const MODEL_NAIVE2: i32 = 8;
export const MODEL_DAMPED: i32 = 9;  // ETS with damped trend, error/season chosen by AICc
export const MODEL_ARIMA: i32 = 10;
export const MODEL_CES: i32 = 11;
export const MODEL_SBA: i32 = 12;   // Croston with the Syntetos-Boylan correction (intermittent)
export const MODEL_TSB: i32 = 13; export const MODEL_ADIDA: i32 = 14; export const MODEL_IMAPA: i32 = 15;
export const MODEL_COUNT: i32 = 16;

// Component codes written to the method buffer.
// ETS: 1000 + 100*error + 10*trend + season; error 1=A 2=M; trend 0=N 1=A 2=Ad; season 0=N 1=A 2=M.
export const CODE_ETS_BASE: i32 = 1000;
export const CODE_THETA: i32 = 2001;
export const CODE_OTM: i32 = 2002;
export const CODE_DSTM: i32 = 2003;
export const CODE_DOTM: i32 = 2004;
export const CODE_NAIVE: i32 = 3001;
export const CODE_SNAIVE: i32 = 3002;
export const CODE_DRIFT: i32 = 3003;
export const CODE_NAIVE2: i32 = 3004;
export const CODE_CONSTANT: i32 = 3005;
export const CODE_MEAN: i32 = 3006;
// ARIMA(p,d,q)(P,D,Q): 4_000_000 + p*100000 + d*10000 + q*1000 + P*100 + D*10 + Q
export const CODE_ARIMA_BASE: i32 = 4000000;
export const CODE_CES: i32 = 5001;
export const CODE_SBA: i32 = 6001; export const CODE_TSB: i32 = 6002; export const CODE_ADIDA: i32 = 6003; export const CODE_IMAPA: i32 = 6004;

/** Code of the ETS form (error, trend, season) as written to the method buffer. */
export function etsCode(error: i32, trend: i32, season: i32): i32 {
  return CODE_ETS_BASE + 100 * error + 10 * trend + season;
}

// Members of the `tempo` ensemble, as bits of the `members` argument (0 = the default set).
export const MEMBER_ETS: i32 = 1 << 0;
export const MEMBER_THETA: i32 = 1 << 1;
export const MEMBER_OTM: i32 = 1 << 2;
export const MEMBER_DOTM: i32 = 1 << 3;
export const MEMBER_DAMPED: i32 = 1 << 4;
export const MEMBER_ARIMA: i32 = 1 << 5;
export const MEMBER_CES: i32 = 1 << 6;
export const MEMBER_SNAIVE: i32 = 1 << 7;
export const MEMBER_NAIVE: i32 = 1 << 8;
export const MEMBER_SBA: i32 = 1 << 9; export const MEMBER_TSB: i32 = 1 << 10; export const MEMBER_ADIDA: i32 = 1 << 11; export const MEMBER_IMAPA: i32 = 1 << 12;

// Combination rules for the `combine` argument.
export const COMBINE_DEFAULT: i32 = 0;
export const COMBINE_MEDIAN: i32 = 1;
export const COMBINE_MEAN: i32 = 2;
