// Request and response shapes of the public API, shared by server and client.
import type { TunedModelBody } from './tuned-model-types.js';

export interface ForecastRequestBody {
  series: Array<number | null>;
  horizon: number;
  season_length?: number;
  level?: number[];
  fitted?: boolean;
}

export interface ForecastResponseBody {
  forecast: number[];
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
  /** one per series value: the one-step-ahead in-sample prediction, null where the model has none */
  fitted?: Array<number | null>;
  fitted_intervals?: Record<string, { lower: Array<number | null>; upper: Array<number | null> }>;
  model?: string;
  method?: { components: string[]; season_length: number };
}

export type KeyStatus = 'active' | 'inactive';
export type KeyEnv = 'live' | 'test';

export interface ValidateResponseBody {
  valid: boolean;
  key_id: string;
  status: KeyStatus;
  env: KeyEnv;
  project_id: string;
  organization_id: string;
  user_id: string;
  product_id: string;
  name: string;
  expires_at: string | null;
  rate_limit_per_minute: number;
  rate_limit_per_hour: number;
}

export interface ModelInfo {
  name: string;
  default: boolean;
  base: string;
  config: Record<string, unknown>;
  created_at: string;
}

export interface ModelsResponseBody {
  organization_id: string;
  models: ModelInfo[];
  /** The organization's tuned models in every state (tuning, ready, failed), by name. */
  tuned?: TunedModelBody[];
}
