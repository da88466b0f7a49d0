// The API's `method` (src/common/types.ts, written out so the client package's types need no core)
// must stay the core's ForecastMethod plus `filled`: `npm run typecheck` fails here when they drift.
import type { ForecastMethod } from '@tempo-forecast/core';
import type { MethodBody } from '../../src/common/types.js';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Expected = ForecastMethod & { filled?: number };

/** True only while MethodBody has exactly the core's fields (and `filled`), each of the same type. */
export const methodBodyMatchesCore: Same<{ [K in keyof MethodBody]: MethodBody[K] }, { [K in keyof Expected]: Expected[K] }> = true;
