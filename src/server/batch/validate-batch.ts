// Checks a batch body: its own shape (ids, counts, totals) here, and every series with the very
// check the single forecast route uses, its pointers moved to where the series sits in the batch.
// Checking a series' dates is most of planning them (reading every timestamp), so a valid batch's
// checked dates are handed on to the answer, which writes each series' future dates as it answers.
import type { BatchBounds, Bounds } from '../../config/config.js';
import type { CheckedDates } from '../../dates/index.js';
import type { FieldError } from '../../shared/codes.js';
import { inSlices, type Steps } from '../../shared/steps.js';
import { isObject } from '../../shared/is-object.js';
import { createForecastValidator } from '../middleware/validate-forecast.js';
import { harmlessName } from '../echo.js';
import { checkedDates, dateErrors } from '../request-dates.js';
import { crowded, crowdedError } from '../crowded-object.js';

/** Fields a batch body may carry. */
export const BATCH_FIELDS = ['horizon', 'level', 'freq', 'season_length', 'series'] as const;
/** Fields one series of a batch may carry. */
export const BATCH_SERIES_FIELDS = ['id', 'values', 'timestamps', 'season_length'] as const;
/** Longest series id, in characters. */
export const MAX_ID_LENGTH = 128;

const MAX_FIELD_ERRORS = 20;

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// a field name is echoed only when it is short and plain: any other could be a pasted secret
function unknownFields(obj: Record<string, unknown>, allowed: readonly string[], at: string): FieldError[] {
  return Object.keys(obj).filter((k) => !allowed.includes(k)).map((k) => (harmlessName(k)
    ? { pointer: `${at}/${escapePointer(k)}`, detail: `unknown field "${k}": remove it (allowed: ${allowed.join(', ')})` }
    : { pointer: at, detail: `an unknown field (its name is withheld because it could be a secret): remove it (allowed: ${allowed.join(', ')})` }));
}

function pick(obj: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (hasOwn(obj, f)) out[f] = obj[f];
  return out;
}

/** What the batch check finds: field errors, or none and then every series' checked dates, in series order. */
export interface BatchCheck {
  errors: FieldError[];
  dates?: CheckedDates[];
}

/**
 * The batch check: field errors (at most 20, in body order) for `body`, or none and its dates when
 * it is valid. Gives the event loop a turn between two series every few milliseconds (inSlices): a
 * series of 10,000 dated values takes milliseconds to check, so a count of series between turns
 * would let a batch of long ones hold the loop for half a second.
 */
export function createBatchValidator(bounds: Bounds, batch: BatchBounds): (body: unknown) => Promise<BatchCheck> {
  const checkForecast = createForecastValidator(bounds);
  const example = '{"horizon": 12, "series": [{"id": "a", "values": [1, 2, 3]}]}';

  return (body) => inSlices(check(body));

  function* check(body: unknown): Steps<BatchCheck> {
    if (!isObject(body)) return { errors: [{ pointer: '', detail: `the body must be a JSON object like ${example}` }] };
    if (crowded(body)) return { errors: [crowdedError('')] };
    const errors: FieldError[] = [...unknownFields(body, BATCH_FIELDS, '')];

    // the shared fields, checked as a one-series forecast would check them
    const shared = { ...pick(body, ['horizon', 'season_length', 'level', 'freq']), series: [0] };
    errors.push(...checkForecast(shared));
    const horizonOk = !errors.some((e) => e.pointer === '/horizon');
    // a bad freq is told once, at /freq, not again under every series
    const freqOk = !errors.some((e) => e.pointer === '/freq');
    if (freqOk && hasOwn(body, 'freq')) errors.push(...dateErrors({ freq: body.freq, length: 0, horizon: 1 }, ''));
    const freqChecked = !errors.some((e) => e.pointer === '/freq');

    const series = body.series;
    if (!Array.isArray(series) || series.length < 1 || series.length > batch.maxSeries) {
      errors.push({
        pointer: '/series',
        detail: `series ${hasOwn(body, 'series') ? 'must be' : 'is required:'} an array of 1 to ${batch.maxSeries} objects like {"id": "a", "values": [1, 2, 3]}`,
      });
      return { errors: errors.slice(0, MAX_FIELD_ERRORS) };
    }

    const dates: CheckedDates[] = [];
    const firstIndexOf = new Map<string, number>();
    let values = 0;
    for (let i = 0; i < series.length && errors.length < MAX_FIELD_ERRORS; i++) {
      if (i > 0) yield;
      const at = `/series/${i}`;
      const item = series[i];
      if (!isObject(item)) {
        errors.push({ pointer: at, detail: `series/${i} must be an object like {"id": "a", "values": [1, 2, 3]}` });
        continue;
      }
      if (crowded(item)) {
        errors.push(crowdedError(at));
        continue;
      }
      errors.push(...unknownFields(item, BATCH_SERIES_FIELDS, at));
      const id = item.id;
      if (typeof id !== 'string' || id.length < 1 || id.length > MAX_ID_LENGTH) {
        errors.push({ pointer: `${at}/id`, detail: `series/${i}/id ${hasOwn(item, 'id') ? 'must be' : 'is required:'} a string of 1 to ${MAX_ID_LENGTH} characters` });
      } else if (firstIndexOf.has(id)) {
        // the id itself is not echoed: a caller may paste anything into it
        errors.push({ pointer: `${at}/id`, detail: `series/${i}/id repeats the id of series/${firstIndexOf.get(id)}; ids must be unique within a batch` });
      } else {
        firstIndexOf.set(id, i);
      }
      if (Array.isArray(item.values)) values += item.values.length;
      // one element past the bound is enough for the check to say "too long", at a bounded cost
      const vals = Array.isArray(item.values) ? item.values.slice(0, bounds.maxSeriesLength + 1) : item.values;
      const stamps = Array.isArray(item.timestamps) ? item.timestamps.slice(0, bounds.maxSeriesLength + 1) : item.timestamps;
      const one = { ...pick(item, ['season_length']), ...(hasOwn(item, 'timestamps') ? { timestamps: stamps } : {}), series: vals, horizon: horizonOk ? body.horizon : 1 };
      if (one.series === undefined) delete (one as { series?: unknown }).series;
      let shapeOk = true;
      for (const e of checkForecast(one)) {
        if (e.pointer.startsWith('/series')) {
          shapeOk = false;
          errors.push({ pointer: `${at}/values${e.pointer.slice('/series'.length)}`, detail: e.detail.replace(/\bseries\b/g, `series/${i}/values`) });
        } else if (e.pointer === '/season_length') {
          errors.push({ pointer: `${at}/season_length`, detail: e.detail.replace(/^season_length/, `series/${i}/season_length`) });
        } else if (e.pointer.startsWith('/timestamps')) {
          shapeOk = false;
          errors.push({ pointer: `${at}${e.pointer}`, detail: e.detail.replace(/^timestamps/, `series/${i}/timestamps`) });
        }
      }
      // the dates are checked against the values only once both have the right shape; a series
      // without timestamps cannot fail here (the freq is good), but its dates are handed on too
      if (shapeOk && horizonOk && freqChecked && Array.isArray(item.values)) {
        const { checked, errors: bad } = checkedDates({ timestamps: item.timestamps, freq: body.freq, length: item.values.length, horizon: body.horizon as number }, at);
        errors.push(...bad);
        if (checked !== undefined) dates[i] = checked;
      }
    }
    if (values > batch.maxValues && errors.length < MAX_FIELD_ERRORS) {
      errors.push({ pointer: '/series', detail: `the batch holds ${values} values in all; at most ${batch.maxValues} are allowed, so split it into smaller batches` });
    }
    return errors.length > 0 ? { errors: errors.slice(0, MAX_FIELD_ERRORS) } : { errors, dates };
  }
}
