// The configurations tuning chooses among: what the stored model config offers (members,
// combination rule, season handling, a single model), nineteen that differ in kind rather than
// every subset, so tuning 1,000 series stays within minutes; with dated training, also the calendar's
// season pinned.
import type { CoreConfig } from '@tempo-forecast/core';
import type { DatePlan } from '../dates/index.js';

/** The whole-number calendar periods every series' dates share (none when a series came without dates). */
export function sharedCalendarSeasons(dates: ReadonlyArray<DatePlan> | undefined): number[] {
  if (!dates || dates.length === 0) return [];
  return dates[0].periods.filter((p) => Number.isInteger(p) && p > 1 && dates.every((d) => !d.nonSeasonal && d.periods.includes(p)));
}

/** The candidates for a model whose base config is `base`; the base itself comes first; `calendarSeasons` adds one pinned season each when the base has none. */
export function candidateConfigs(base: CoreConfig, calendarSeasons: number[] = []): CoreConfig[] {
  const out: CoreConfig[] = [
    base,
    // the ensemble, varied in how it combines and what it combines
    { combination: 'mean' },
    { members: ['ets', 'damped', 'dotm'] },
    { members: ['ets', 'damped', 'dotm', 'theta'], combination: 'mean' },
    { members: ['ets', 'dotm', 'arima', 'theta', 'damped'] },
    // the default set less one member each: the member one organization's data does not suit
    // (e.g. a damped trend on hourly data that keeps its level) pulls the median its way
    { members: ['damped', 'dotm', 'arima', 'snaive'] },
    { members: ['ets', 'dotm', 'arima', 'snaive'] },
    { members: ['ets', 'damped', 'arima', 'snaive'] },
    { members: ['ets', 'damped', 'dotm', 'snaive'] },
    // and without its seasonal naive member, for data whose seasonality it misreads
    { members: ['ets', 'damped', 'dotm', 'arima'] },
    // the mean of exponential smoothing, damped trend and theta (the M4 'Comb'-style benchmark family)
    { members: ['ets', 'damped', 'theta'], combination: 'mean' },
    // season handling: never seasonal (a detected period that does not hold costs more than it gives)
    { season_length: 1 },
    // one model alone
    { model: 'ets' },
    { model: 'damped' },
    { model: 'dotm' },
    // (standard theta alone is left out: otm and dotm are it with the theta optimised)
    { model: 'arima' },
    { model: 'otm' },
    { model: 'naive2' },
    // last season again: hard to beat on strongly seasonal data with little trend (hourly, daily)
    { model: 'snaive' },
    // the calendar's season pinned: a hint the core may reject on one window's data is then always
    // used, which pays where the calendar's season holds but is noisy (a forecast path honours
    // season_length, with or without dates)
    ...(base.season_length === undefined ? calendarSeasons.map((p) => ({ season_length: p })) : []),
  ];
  const seen = new Set<string>();
  return out.filter((c) => {
    const k = JSON.stringify(c, Object.keys(c).sort());
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
