// The tuned-model calls' public shapes and their mapping to and from the API's snake_case bodies.
import { seriesValue } from './series-value.js';
import type { TunedModelBody, TunedModelRequestBody } from '../../../src/common/tuned-model-types.js';

export interface CreateModelParams {
  /** Lower-case letters, digits, . _ - (at most 63); unique on the server. */
  name: string;
  /** The model tuning starts from and is compared with; default `tempo`. */
  base?: string;
  training: {
    /** The horizon the model will be used for; tuning scores forecasts of this length. */
    horizon: number;
    /** The step of every series: an ISO 8601 duration (`P1M`) or alias (`M`); inferred from each series' timestamps when left out. */
    freq?: string;
    /**
     * The organization's history; null marks a missing value (NaN is refused). `timestamps` (one per value)
     * let tuning try the calendar's seasonal periods.
     */
    series: ReadonlyArray<{ id: string; values: ReadonlyArray<number | null>; timestamps?: ReadonlyArray<string> }>;
  };
}

/** A tuned model as the API describes it (name, status, progress, base, config, report, error), with its dates parsed. */
export interface TunedModel extends Omit<TunedModelBody, 'created_at' | 'updated_at'> {
  createdAt: Date;
  updatedAt: Date;
  requestId: string | undefined;
}

/** The request body for createModel params; NaN, ±Infinity and non-numbers are refused (null marks a missing value). */
export function tunedModelBody(p: CreateModelParams): TunedModelRequestBody {
  if (p === null || typeof p !== 'object' || typeof p.name !== 'string' || p.training === null || typeof p.training !== 'object' || !Array.isArray(p.training.series)) {
    throw new TypeError('createModel needs { name: string, training: { horizon: number, series: [{ id, values }] } }');
  }
  const body: TunedModelRequestBody = {
    name: p.name,
    training: {
      horizon: p.training.horizon,
      series: (p.training.series as CreateModelParams['training']['series']).map((s, i) => {
        const out: TunedModelRequestBody['training']['series'][number] = {
          id: s.id,
          values: s.values.map((v, j) => seriesValue(v, `training.series[${i}] (id ${JSON.stringify(s.id)}).values[${j}]`)),
        };
        if (s.timestamps !== undefined) out.timestamps = [...s.timestamps];
        return out;
      }),
    },
  };
  if (p.training.freq !== undefined) body.training.freq = p.training.freq;
  if (p.base !== undefined) body.base = p.base;
  return body;
}

/** A tuned-model response body as a TunedModel. */
export function tunedModelResult(b: TunedModelBody, requestId: string | undefined): TunedModel {
  const out: TunedModel = {
    name: b.name, status: b.status, progress: b.progress, base: b.base, config: b.config, report: b.report,
    createdAt: new Date(b.created_at), updatedAt: new Date(b.updated_at), requestId,
  };
  if (b.error !== undefined) out.error = b.error;
  return out;
}
