// The CLI's --server answers, written out as the API sent them: the client's camelCase `method` back
// in snake_case. The client package has no use for this direction, so the CLI keeps it.
import type { MethodInfo } from '@tempo-forecast/client';
import type { MethodBody } from '../common/types.js';

/** A client `method` back in the API's snake_case, as an answer carried it (for writing answers out). */
export function methodBody(m: MethodInfo): MethodBody {
  const out: MethodBody = { components: m.components, season_length: m.seasonLength };
  if (m.seasonalPeriods !== undefined) out.seasonal_periods = m.seasonalPeriods;
  if (m.regressors !== undefined) out.regressors = m.regressors;
  if (m.regressorsDropped !== undefined) out.regressors_dropped = m.regressorsDropped;
  if (m.regressorsDroppedReason !== undefined) out.regressors_dropped_reason = m.regressorsDroppedReason;
  if (m.regressionErrors !== undefined) out.regression_errors = m.regressionErrors;
  if (m.filled !== undefined) out.filled = m.filled;
  return out;
}
