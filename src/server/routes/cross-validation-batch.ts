// POST /{model}/v1/cross-validation/batch: every series of a batch backtested over rolling-origin
// windows, a group of series per worker hop, answered in request order as the batch is (JSON or
// streamed NDJSON, invalid series answered in their places with on_invalid "skip").
import type { BacktestOutcome, ComputePool } from '../../compute/pool.js';
import type { CrossValidationBatchItemBody } from '../../common/backtest-types.js';
import type { CheckedDates } from '../../dates/index.js';
import { writePlan } from '../../dates/index.js';
import type { BatchSeriesBody } from '../../common/types.js';
import { windowsOf, type CrossValidationBatchBody } from '../schemas/cross-validation-batch-request.js';
import type { BatchWork } from './forecast-batch.js';

// NaN marks a missing value inside the host; JSON says null
const nullIfMissing = (xs: number[]) => xs.map((v) => (Number.isNaN(v) ? null : v));

/** One series' answer: its windows (cutoffs named by timestamp when it sent timestamps) and metrics, or the model's refusal of it alone. */
export function crossValidationItem(series: BatchSeriesBody, position: number, outcome: BacktestOutcome, dates: CheckedDates): CrossValidationBatchItemBody {
  if (!outcome.ok) {
    return { id: series.id, error: { code: 'REQUEST_INVALID', detail: `the model cannot backtest this series: ${outcome.error.message}`, pointer: `/series/${position}` } };
  }
  const r = outcome.result;
  const plan = writePlan(dates);
  return {
    id: series.id,
    windows: r.windows.map((w) => ({
      cutoff: series.timestamps ? series.timestamps[w.cutoff] : w.cutoff,
      forecast: w.forecast,
      actual: nullIfMissing(w.actual),
      ...(w.intervals ? { intervals: w.intervals } : {}),
      ...(w.quantiles ? { quantiles: w.quantiles } : {}),
    })),
    metrics: r.metrics,
    ...(plan.freq ? { freq: plan.freq } : {}),
  };
}

/** What the cross-validation batch computes per group (pool.backtestGroup) and writes per series. */
export function crossValidationWork(pool: ComputePool): BatchWork {
  return (request, config, caller) => {
    const { windows, step } = windowsOf(request as CrossValidationBatchBody);
    return {
      compute: (items, seasons) => pool.backtestGroup({
        series: items.map((s) => s.values),
        seasonLengths: seasons.map((x) => x.seasonLength),
        periodHints: seasons.map((x) => x.periodHints),
        horizon: request.horizon,
        windows,
        step,
        level: request.level,
        config,
        ...(request.quantiles ? { quantiles: request.quantiles } : {}),
        caller,
      }),
      itemOf: (series, position, outcome, dates) => crossValidationItem(series, position, outcome as BacktestOutcome, dates),
      listName: 'backtests',
    };
  };
}
