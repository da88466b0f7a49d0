// The date plans of a tuning's training, read as a dated batch reads its series, so tuning sees
// what the model's dated forecasts will see. Pure; the body must have passed validation.
import { planDates, type DatePlan } from '../dates/index.js';
import type { TunedModelRequestBody } from '../shared/tuned-model-types.js';
import { atOnce, type Steps } from '../shared/steps.js';

/** trainingDates as steps, pausable after each series' plan (see src/shared/steps.ts). */
export function* trainingDateSteps(training: TunedModelRequestBody['training']): Steps<DatePlan[] | undefined> {
  const { freq, horizon, series } = training;
  if (freq === undefined && !series.some((s) => s.timestamps !== undefined)) return undefined;
  const plans: DatePlan[] = [];
  for (const s of series) {
    plans.push(planDates({ timestamps: s.timestamps, freq, length: s.values.length, horizon }));
    yield;
  }
  return plans;
}

/** Each training series' date plan, or undefined when the training carries no date at all (tuning then runs as it always has). */
export function trainingDates(training: TunedModelRequestBody['training']): DatePlan[] | undefined {
  return atOnce(trainingDateSteps(training));
}
