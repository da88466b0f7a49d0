// Constants mirrored from assembly/abi: the one place the host spells out the numbers-only ABI.

/** ABI version this host speaks; the module's `ABI_VERSION` export must match. */
export const HOST_ABI_VERSION = 2;
/** i32 slots in the method buffer. */
export const METHOD_SLOTS = 16;
/** Most interval levels one call may ask for. */
export const MAX_LEVELS = 16;

export const STATUS = {
  OK: 0,
  BAD_ARGUMENT: 1,
  NO_DATA: 2,
  UNKNOWN_MODEL: 3,
  NUMERIC_FAILURE: 4,
} as const;

/** Model ids accepted by the core's `forecast` export. */
export const MODEL_IDS = {
  tempo: 0,
  ets: 1,
  theta: 2,
  otm: 3,
  dotm: 4,
  naive: 5,
  snaive: 6,
  drift: 7,
  naive2: 8,
  damped: 9,
  arima: 10,
  ces: 11,
  sba: 12, tsb: 13, adida: 14, imapa: 15,
} as const;
export type CoreModelName = keyof typeof MODEL_IDS;

/** Members of the `tempo` ensemble, as bits of the `members` argument. */
export const MEMBER_BITS = {
  ets: 1 << 0,
  theta: 1 << 1,
  otm: 1 << 2,
  dotm: 1 << 3,
  damped: 1 << 4,
  arima: 1 << 5,
  ces: 1 << 6,
  snaive: 1 << 7,
  naive: 1 << 8,
  sba: 1 << 9, tsb: 1 << 10, adida: 1 << 11, imapa: 1 << 12,
} as const;
export type MemberName = keyof typeof MEMBER_BITS;

export const COMBINE_IDS = { default: 0, median: 1, mean: 2 } as const;
export type CombineName = keyof typeof COMBINE_IDS;
