// The configurations tuning chooses among: what the stored model config offers (members,
// combination rule, season handling, a single model), a dozen that differ in kind rather than
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
    // season handling: never seasonal (a detected period that does not hold costs more than it gives)
    { season_length: 1 },
    // one model alone
    { model: 'ets' },
    { model: 'damped' },
    { model: 'dotm' },
    { model: 'theta' },
    { model: 'arima' },
    { model: 'naive2' },
  ];
  const seen = new Set<string>();
  return out.filter((c) => {
    const k = JSON.stringify(c, Object.keys(c).sort());
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
