// The date plans of a tuning's training, read as a dated batch reads its series, so tuning sees
// what the model's dated forecasts will see. Pure; the body must have passed validation. The
// server's and the CLI's check (src/server/schemas/tuned-model-request.ts) plans the same way
// while it checks, and hands its plans on; trainingDates is for callers that check nothing.
import { planDates, type DateInput, type DatePlan } from '../dates/index.js';
import type { TunedModelRequestBody } from '../common/tuned-model-types.js';

type Training = TunedModelRequestBody['training'];

/** True when the training carries a date (a freq or any series' timestamps); an undated training tunes as it always has. */
export function isDated(training: Training): boolean {
  return training.freq !== undefined || training.series.some((s) => s.timestamps !== undefined);
}

/** What planDates is given for one series of the training: its timestamps against the training's freq and horizon. */
export function seriesDateInput(training: Training, s: Training['series'][number]): DateInput {
  return { timestamps: s.timestamps, freq: training.freq, length: s.values.length, horizon: training.horizon };
}

/** Each training series' date plan, or undefined when the training carries no date at all. */
export function trainingDates(training: Training): DatePlan[] | undefined {
  return isDated(training) ? training.series.map((s) => planDates(seriesDateInput(training, s))) : undefined;
}
