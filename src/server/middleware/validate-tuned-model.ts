// Validates a POST /v1/models body: its shape against the schema, then what a schema cannot say
// (the name's rules, unique series ids, the dates as a dated batch checks them, the total of values,
// room for the holdout and a window). A body may hold a million values and timestamps, so the check
// is written as steps (src/shared/steps.ts): the server runs it in slices, the CLI at once. Checking
// the dates is planning them (most of a second for a million timestamps), so the check hands its
// plans on to the tuning instead of leaving them to be made again.
import { Ajv, type ErrorObject } from 'ajv';
import type { Middleware } from 'koa';
import { MIN_TRAINING_VALUES } from '../../backtest/plan.js';
import type { Bounds, TuningBounds } from '../../config/config.js';
import type { DatePlan } from '../../dates/index.js';
import type { FieldError } from '../../shared/codes.js';
import type { TunedModelRequestBody } from '../../shared/tuned-model-types.js';
import { atOnce, inSlices, type Steps } from '../../shared/steps.js';
import { isObject } from '../../shared/is-object.js';
import { modelNameProblem } from '../../store/names.js';
import { isDated, seriesDateInput } from '../../tuning/training-dates.js';
import { invalidRequest } from '../errors.js';
import { dateErrors, plannedDates } from '../request-dates.js';
import { tunedModelRequestSchema } from '../schemas/tuned-model-request.js';
import { compiledOnce } from './compiled-once.js';
import { crowded, crowdedError } from '../crowded-object.js';

const MAX_FIELD_ERRORS = 20;

function fieldError(e: ErrorObject): FieldError {
  if (e.keyword === 'additionalProperties') {
    const field = String((e.params as { additionalProperty: string }).additionalProperty);
    return { pointer: `${e.instancePath}/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`, detail: `unknown field "${field.slice(0, 40)}": remove it` };
  }
  if (e.keyword === 'required') {
    const field = (e.params as { missingProperty: string }).missingProperty;
    return { pointer: `${e.instancePath}/${field}`, detail: `${field} is required` };
  }
  if (e.keyword === 'contains') return { pointer: e.instancePath, detail: 'values must hold at least one number; null only marks missing values' };
  return { pointer: e.instancePath, detail: `${e.instancePath || 'the body'} ${e.message ?? 'is invalid'}` };
}

/** What the check finds: the field errors, or none and then, when the training is dated, every series' date plan (trainingDates' plans). */
export interface TunedModelCheck {
  errors: FieldError[];
  dates?: DatePlan[];
}

/** The pure check behind the middleware, compiled once per bounds: field errors for `body`, or [] and its date plans when it can be tuned on. */
export function createTunedModelValidator(bounds: Bounds, tuning: TuningBounds): (body: unknown) => TunedModelCheck {
  const steps = compileTunedModelValidator({ bounds, tuning });
  return (body) => atOnce(steps(body));
}

/** The same check, giving the event loop a turn every few milliseconds (between two series). */
export function createSlicedTunedModelValidator(bounds: Bounds, tuning: TuningBounds): (body: unknown) => Promise<TunedModelCheck> {
  const steps = compileTunedModelValidator({ bounds, tuning });
  return (body) => inSlices(steps(body));
}

const compileTunedModelValidator = compiledOnce(({ bounds, tuning }: { bounds: Bounds; tuning: TuningBounds }): (body: unknown) => Steps<TunedModelCheck> => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const schema = tunedModelRequestSchema(bounds, tuning);
  const training = schema.properties.training;
  const seriesSchema = training.properties.series;
  // the body around its series (the series array's own bounds included), then each series alone: ajv
  // reports an object's properties in the schema's order after its required and additionalProperties,
  // and /training/series is the last property of the last property, so the errors come in the order one
  // whole-schema check gives them (test/server/tuned-model-validation.test.ts compares the two)
  const validateOuter = ajv.compile({
    ...schema,
    properties: { ...schema.properties, training: { ...training, properties: { ...training.properties, series: { ...seriesSchema, items: true } } } },
  });
  const validateSeries = ajv.compile(seriesSchema.items);

  return function* check(body: unknown): Steps<TunedModelCheck> {
    const seen = new Set<string>();
    const out: FieldError[] = [];
    // true once the errors are full
    const add = (errors: readonly ErrorObject[], at = ''): boolean => {
      for (const e of errors) {
        if (e.schemaPath.includes('/contains/')) continue;
        const fe = fieldError(at === '' ? e : { ...e, instancePath: at + e.instancePath });
        if (seen.has(fe.pointer)) continue;
        seen.add(fe.pointer);
        out.push(fe);
        if (out.length === MAX_FIELD_ERRORS) return true;
      }
      return false;
    };
    // the objects around the series, then each series below, before ajv lists their every field
    if (crowded(body)) return { errors: [crowdedError('')] };
    if (isObject(body) && crowded(body.training)) return { errors: [crowdedError('/training')] };
    const outerOk = validateOuter(body);
    if (!outerOk && add(validateOuter.errors ?? [])) return { errors: out };
    // ajv checks the items only of a series array inside a training object
    const series = isObject(body) && isObject(body.training) && Array.isArray(body.training.series) ? body.training.series : [];
    let seriesOk = true;
    for (const [i, s] of series.entries()) {
      if (crowded(s)) {
        seriesOk = false;
        out.push(crowdedError(`/training/series/${i}`));
        if (out.length === MAX_FIELD_ERRORS) return { errors: out };
      } else if (!validateSeries(s)) {
        seriesOk = false;
        if (add(validateSeries.errors ?? [], `/training/series/${i}`)) return { errors: out };
      }
      yield;
    }
    if (!outerOk || !seriesOk) return { errors: out };

    const b = body as TunedModelRequestBody;
    const nameProblem = modelNameProblem(b.name);
    if (nameProblem !== null) return { errors: [{ pointer: '/name', detail: nameProblem }] };
    const ids = new Map<string, number>();
    let total = 0;
    for (const [i, s] of b.training.series.entries()) {
      const first = ids.get(s.id);
      if (first !== undefined) return { errors: [{ pointer: `/training/series/${i}/id`, detail: `series id repeats the id of /training/series/${first}; ids must be unique` }] };
      ids.set(s.id, i);
      total += s.values.length;
    }
    const { freq } = b.training;
    // a bad freq is told once, at /training/freq, not again under every series
    if (freq !== undefined) {
      const bad = dateErrors({ freq, length: 0, horizon: 1 }, '');
      if (bad.length > 0) return { errors: bad.map((e) => ({ pointer: `/training${e.pointer}`, detail: `training/${e.detail}` })) };
    }
    // a dated training's series are all planned, those without timestamps too (they cannot fail: the
    // freq is good), because the tuning takes a plan for every series
    let dates: DatePlan[] | undefined;
    if (isDated(b.training)) {
      dates = [];
      const dated: FieldError[] = [];
      for (const [i, s] of b.training.series.entries()) {
        const { plan, errors } = plannedDates(seriesDateInput(b.training, s), `/training/series/${i}`);
        if (plan !== undefined) dates.push(plan);
        dated.push(...errors);
        if (dated.length === MAX_FIELD_ERRORS) break;
        yield;
      }
      if (dated.length > 0) return { errors: dated };
    }
    if (total > tuning.maxValues) {
      return { errors: [{ pointer: '/training/series', detail: `the training series hold ${total} values in all; this server tunes on at most ${tuning.maxValues}` }] };
    }
    const need = 2 * b.training.horizon + MIN_TRAINING_VALUES;
    if (!b.training.series.some((s) => s.values.length >= need)) {
      return {
        errors: [{
          pointer: '/training/series',
          detail: `no series is long enough to tune on: with horizon ${b.training.horizon} a series needs at least ${need} values `
            + `(${MIN_TRAINING_VALUES} to fit, ${b.training.horizon} for a tuning window, ${b.training.horizon} held out); send longer series or a smaller horizon`,
        }],
      };
    }
    return { errors: [], ...(dates !== undefined ? { dates } : {}) };
  };
});

/** Puts the validated body on ctx.state.tunedModelRequest and a dated training's plans on ctx.state.trainingDates, or throws 400 with errors[]. */
export function validateTunedModel(bounds: Bounds, tuning: TuningBounds): Middleware {
  const check = createSlicedTunedModelValidator(bounds, tuning);
  return async (ctx, next) => {
    const { errors, dates } = await check(ctx.request.body);
    if (errors.length > 0) throw invalidRequest(errors);
    ctx.state.tunedModelRequest = ctx.request.body as TunedModelRequestBody;
    if (dates !== undefined) ctx.state.trainingDates = dates;
    await next();
  };
}
