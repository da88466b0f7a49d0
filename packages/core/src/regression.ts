// Reads the regression report `forecastWith` writes (assembly/README.md) into what `method` says.
import { componentName } from './method.js';

/** A bend in a regressor's effect: above `knot` its slope changes by `coefficient` (the term max(0, value − knot)). */
export interface RegressorTerm {
  term: 'hinge';
  knot: number;
  coefficient: number;
}

/** One regressor the forecast used: its name, its coefficient (units of the series per unit of it), and any derived terms. */
export interface RegressorUse {
  name: string;
  /** the coefficient of the regressor itself; 0 when only derived terms of it were kept */
  coefficient: number;
  terms?: RegressorTerm[];
}

/** Why a regressor was left out. */
export type DropReason = 'constant' | 'collinear' | 'unused';

/** What `method` adds when the request carried regressors. */
export interface RegressionMethod {
  regressors: RegressorUse[];
  regressors_dropped: string[];
  regressors_dropped_reason?: Record<string, DropReason>;
  /** the ARIMA model of the regression's errors, e.g. "arima(1,0,1)(0,0,0)" */
  regression_errors?: string;
}

const STATUS_REASON: Record<number, DropReason> = { 1: 'constant', 2: 'collinear', 3: 'unused' };
const KIND_TERM: Record<number, RegressorTerm['term'] | 'linear'> = { 0: 'linear', 1: 'hinge' };

/** f64 slots of the report for `k` regressors when the core may add `extra` derived terms. */
export function reportLength(k: number, extra: number): number {
  return k + 2 + 4 * (k + extra);
}

/** The `method` fields of a regression report `rep` for the regressors named `names` (in the order sent). */
export function readRegression(rep: Float64Array, names: readonly string[]): RegressionMethod {
  const k = names.length;
  const dropped: string[] = [];
  const reasons: Record<string, DropReason> = {};
  const uses = new Map<number, RegressorUse>();
  for (let j = 0; j < k; j++) {
    const status = rep[j];
    if (status === 0) uses.set(j, { name: names[j], coefficient: 0 });
    else { dropped.push(names[j]); reasons[names[j]] = STATUS_REASON[status] ?? 'unused'; }
  }
  const terms = rep[k], code = rep[k + 1];
  for (let i = 0; i < terms; i++) {
    const [source, kind, knot, coef] = rep.subarray(k + 2 + 4 * i, k + 6 + 4 * i);
    const use = uses.get(source);
    const name = KIND_TERM[kind];
    if (!use || !name) continue;
    // the core never writes one, but a NaN on the wire would be a silent null
    if (!Number.isFinite(coef) || !Number.isFinite(knot)) throw new Error('the core reported a non-finite regression coefficient');
    if (name === 'linear') use.coefficient = coef;
    else (use.terms ??= []).push({ term: name, knot, coefficient: coef });
  }
  const out: RegressionMethod = { regressors: [...uses.values()], regressors_dropped: dropped };
  if (dropped.length > 0) out.regressors_dropped_reason = reasons;
  if (code > 0) out.regression_errors = componentName(code);
  return out;
}
