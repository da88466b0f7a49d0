// The date plans of a tuning's training, read as a dated batch reads its series, so tuning sees
// what the model's dated forecasts will see. Pure; the body must have passed validation.
import { planDates, type DatePlan } from '../dates/index.js';
import type { TunedModelRequestBody } from '../shared/tuned-model-types.js';

/** Each training series' date plan, or undefined when the training carries no date at all (tuning then runs as it always has). */
export function trainingDates(training: TunedModelRequestBody['training']): DatePlan[] | undefined {
  const { freq, horizon, series } = training;
  if (freq === undefined && !series.some((s) => s.timestamps !== undefined)) return undefined;
  return series.map((s) => planDates({ timestamps: s.timestamps, freq, length: s.values.length, horizon }));
}
