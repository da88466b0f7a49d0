// The server's edge for dates: runs the pure date plan and turns its refusal into the API's error.
import { checkDates, DateError, planDates, writePlan, type CheckedDates, type DateInput, type DatePlan } from '../dates/index.js';
import type { FieldError } from '../common/codes.js';
import { ApiError } from './errors.js';
import type { Report } from './validation/field-errors.js';

/** The date plan of a request (pointers under `base`, e.g. "/series/17" in a batch), or REQUEST_INVALID with the offending pointer. */
export function requestDates(input: DateInput, base = ''): DatePlan {
  try {
    return planDates(input, base);
  } catch (err) {
    if (err instanceof DateError) {
      throw new ApiError('REQUEST_INVALID', err.reason, { errors: [{ pointer: err.pointer, detail: err.reason }] });
    }
    throw err;
  }
}

/** The date plan's refusal as field errors under `base` ([] when the dates are good); a series under a `base` has no freq of its own, so a freq that does not fit its timestamps points at those timestamps. */
export function dateErrors(input: DateInput, base: string): FieldError[] {
  return checkedDates(input, base).errors;
}

/** A one-series request as its route takes it: the request, and what its `timestamps` and `freq` say. */
export interface DatedRequest<R> {
  request: R;
  dates: DatePlan;
}

/** The date plan of a one-series request's dates, its refusal reported to `report` (and then an empty plan: the request is refused). */
export function reportedPlan(input: DateInput, report: Report): DatePlan {
  const { plan, errors } = plannedDates(input, '');
  for (const e of errors) report.add(e);
  return plan ?? { periods: [] };
}

/** What dateErrors says, with the plan itself when there are no errors, for a check whose caller needs the plan next. */
export function plannedDates(input: DateInput, base: string): { plan?: DatePlan; errors: FieldError[] } {
  const { checked, errors } = checkedDates(input, base);
  return checked === undefined ? { errors } : { plan: writePlan(checked), errors };
}

/** What dateErrors says, with the checked dates when there are no errors, for a caller that writes the plans later, one at a time. */
export function checkedDates(input: DateInput, base: string): { checked?: CheckedDates; errors: FieldError[] } {
  try {
    return { checked: checkDates(input, base), errors: [] };
  } catch (err) {
    if (!(err instanceof DateError)) throw err;
    if (base === '') return { errors: [{ pointer: err.pointer, detail: err.reason }] };
    const pointer = err.field === 'freq' ? `${base}/timestamps` : err.pointer;
    const detail = err.field === 'freq' ? `${base.slice(1)}: ${err.reason}` : err.reason.replace(/^timestamps/, `${base.slice(1)}/timestamps`);
    return { errors: [{ pointer, detail }] };
  }
}
