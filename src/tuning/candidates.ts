// The configurations tuning chooses among: what the stored model config offers (members,
// combination rule, season handling, a single model), nineteen that differ in kind rather than
// every subset, so tuning 1,000 series stays within minutes.
import type { CoreConfig } from '../core/index.js';

/** The candidates for a model whose base config is `base`; the base itself comes first. */
export function candidateConfigs(base: CoreConfig): CoreConfig[] {
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
  ];
  const seen = new Set<string>();
  return out.filter((c) => {
    const k = JSON.stringify(c, Object.keys(c).sort());
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
