// The server's edge for dates: runs the pure date plan and turns its refusal into the API's error.
import { DateError, planDates, type DateInput, type DatePlan } from '../dates/index.js';
import { ApiError } from './errors.js';

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
