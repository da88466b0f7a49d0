// POST /v1/models: the body's schema, what a schema cannot say (the name's rules, unique series ids,
// the dates as a dated batch checks them, the total of values, room for the holdout and a window)
// and how it is read: up to 64 MiB, parsed in slices. Checking the dates is planning them (most of a
// second for a million timestamps), so the check hands its plans on to the tuning instead of leaving
// them to be made again.
import { MIN_TRAINING_VALUES } from '../../backtest/plan.js';
import type { Bounds, TuningBounds } from '../../config/config.js';
import type { DatePlan } from '../../dates/index.js';
import type { TunedModelRequestBody } from '../../common/tuned-model-types.js';
import { modelNameProblem } from '../../store/names.js';
import { isDated, seriesDateInput } from '../../tuning/training-dates.js';
import type { RequestDefinition } from '../validation/request-check.js';
import { dateErrors, plannedDates } from '../request-dates.js';
import { requestFields, seriesListSchema } from './fields.js';

/** The tuned-model request schema for these bounds. */
export function tunedModelRequestSchema(bounds: Bounds, tuning: TuningBounds) {
  // dates take the forecast's own shapes, so a dated forecast and a dated training agree
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'training'],
    description: 'a JSON object like {"name": "my-model", "training": {"horizon": 6, "series": [{"id": "a", "values": [1, 2, 3]}]}}',
    properties: {
      name: {
        type: 'string', minLength: 1, maxLength: 63,
        description: 'a model name: 1 to 63 lower-case letters, digits, . _ -, starting with a letter or digit, unique on this server',
      },
      base: { type: 'string', minLength: 1, maxLength: 63, description: 'the name of a model your organization may use: the one tuning starts from and is compared with (default tempo)' },
      training: {
        type: 'object',
        additionalProperties: false,
        required: ['horizon', 'series'],
        description: 'an object like {"horizon": 6, "series": [{"id": "a", "values": [1, 2, 3]}]}',
        properties: {
          horizon: f.horizon,
          freq: { ...f.freq, description: `${f.freq.description} of every series; inferred from timestamps when absent` },
          series: seriesListSchema(tuning.maxSeries, tuning.maxValues, {
            id: f.id,
            values: f.series,
            timestamps: { ...f.timestamps, description: `${f.timestamps.description}; the calendar's periods then guide tuning as they guide a dated forecast` },
          }),
        },
      },
    },
  } as const;
}

/** A tuned-model request as the route takes it: the body, and a dated training's date plans (one per series). */
export interface AcceptedTunedModel {
  request: TunedModelRequestBody;
  dates?: DatePlan[];
}

/** The tuned-model body for these bounds. */
export function tunedModelRequest(bounds: Bounds, tuning: TuningBounds): RequestDefinition<TunedModelRequestBody, AcceptedTunedModel> {
  return {
    schema: tunedModelRequestSchema(bounds, tuning),
    // every value plus a timestamp each, and the ids and fields around them
    reading: { maxBytes: tuning.bodyLimitBytes, maxElements: 2 * tuning.maxValues + 4 * tuning.maxSeries + 64, inSlices: true },
    *accept(b, report) {
      const refused = { request: b };
      const nameProblem = modelNameProblem(b.name);
      if (nameProblem !== null) {
        report.add({ pointer: '/name', detail: nameProblem });
        return refused;
      }
      const ids = new Map<string, number>();
      let total = 0;
      for (const [i, s] of b.training.series.entries()) {
        const first = ids.get(s.id);
        if (first !== undefined) {
          report.add({ pointer: `/training/series/${i}/id`, detail: `training/series/${i}/id repeats the id of training/series/${first}; ids must be unique` });
          return refused;
        }
        ids.set(s.id, i);
        total += s.values.length;
      }
      const { freq } = b.training;
      // a bad freq is told once, at /training/freq, not again under every series
      if (freq !== undefined) {
        const bad = dateErrors({ freq, length: 0, horizon: 1 }, '');
        for (const e of bad) report.add({ pointer: `/training${e.pointer}`, detail: `training/${e.detail}` });
        if (bad.length > 0) return refused;
      }
      // a dated training's series are all planned, those without timestamps too (they cannot fail: the
      // freq is good), because the tuning takes a plan for every series
      let dates: DatePlan[] | undefined;
      if (isDated(b.training)) {
        dates = [];
        for (const [i, s] of b.training.series.entries()) {
          const { plan, errors } = plannedDates(seriesDateInput(b.training, s), `/training/series/${i}`);
          if (plan !== undefined) dates.push(plan);
          if (errors.some((e) => !report.add(e))) return refused;
          yield;
        }
        if (report.count > 0) return refused;
      }
      if (total > tuning.maxValues) {
        report.add({ pointer: '/training/series', detail: `the training series hold ${total} values in all; this server tunes on at most ${tuning.maxValues}` });
        return refused;
      }
      const need = 2 * b.training.horizon + MIN_TRAINING_VALUES;
      if (!b.training.series.some((s) => s.values.length >= need)) {
        report.add({
          pointer: '/training/series',
          detail: `no series is long enough to tune on: with horizon ${b.training.horizon} a series needs at least ${need} values `
            + `(${MIN_TRAINING_VALUES} to fit, ${b.training.horizon} for a tuning window, ${b.training.horizon} held out); send longer series or a smaller horizon`,
        });
        return refused;
      }
      return { request: b, ...(dates !== undefined ? { dates } : {}) };
    },
  };
}
