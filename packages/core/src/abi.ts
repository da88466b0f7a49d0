// Constants of the numbers-only ABI (assembly/README.md) as the host speaks it.

/** ABI version this host speaks; the module's `ABI_VERSION` export must match. */
export const HOST_ABI_VERSION = 7;
/** i32 slots in the method buffer. */
export const METHOD_SLOTS = 16;
/** The method buffer's slot holding the second, longer seasonal period (0 when one was used). */
export const METHOD_OUTER_SLOT = 15;
/** Most interval levels one call may ask for. */
export const MAX_LEVELS = 16;
/** Most quantile probabilities one call may ask for. */
export const MAX_QUANTILES = 32;
/** Most regressors one call may carry. */
export const MAX_REGRESSORS = 64;

export const STATUS = {
  OK: 0,
  BAD_ARGUMENT: 1,
  NO_DATA: 2,
  UNKNOWN_MODEL: 3,
  NUMERIC_FAILURE: 4,
  OUT_OF_RANGE: 5,
} as const;

// Model ids, member bits and component codes come from the core's registry (generated at build).
import { MODEL_IDS, MEMBER_BITS } from './registry.generated.js';
export { MODEL_IDS, MEMBER_BITS, MODEL_TITLES, COMPONENT_CODES } from './registry.generated.js';
export type CoreModelName = keyof typeof MODEL_IDS;
export type MemberName = keyof typeof MEMBER_BITS;

export const COMBINE_IDS = { default: 0, median: 1, mean: 2 } as const;
export type CombineName = keyof typeof COMBINE_IDS;
