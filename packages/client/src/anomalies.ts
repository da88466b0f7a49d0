// The anomalies call's public shapes and their mapping to and from the API's snake_case bodies.
import type { AnomaliesRequestBody, AnomaliesResponseBody, AnomalyBody } from '../../../src/common/anomaly-types.js';
import type { RateLimitState } from './rate-limit.js';
import type { DatedParams } from './types.js';
import { withDates } from './wire.js';

export interface AnomaliesParams extends DatedParams {
  /** Observations in time order; `null` marks a missing value, which is never an anomaly (NaN is refused). */
  series: ReadonlyArray<number | null>;
  /** The seasonal period when known. */
  seasonLength?: number;
  /** Coverage in percent of the one-step-ahead interval; the server's default is 99. */
  level?: number;
}

/** One flagged point: its position, its date when timestamps were sent, the value, the one-step-ahead prediction and its interval. */
export type Anomaly = AnomalyBody;

export interface AnomaliesResult {
  anomalies: Anomaly[];
  /** The coverage the server used. */
  level: number;
  model?: string;
  /** The grid step as an ISO 8601 duration, when `timestamps` or `freq` was sent. */
  freq?: string;
  requestId: string | undefined;
  rateLimit: RateLimitState | undefined;
}

/** The request body for anomalies params; optional fields are left out rather than sent as null. */
export function anomaliesBody(p: AnomaliesParams, series: Array<number | null>): AnomaliesRequestBody {
  const body: AnomaliesRequestBody = { series };
  if (p.seasonLength !== undefined) body.season_length = p.seasonLength;
  if (p.level !== undefined) body.level = p.level;
  return withDates(body, p);
}

/** An anomalies response body as an AnomaliesResult. */
export function anomaliesResult(b: AnomaliesResponseBody, requestId: string | undefined, rateLimit: RateLimitState | undefined): AnomaliesResult {
  const out: AnomaliesResult = { anomalies: b.anomalies, level: b.level, requestId, rateLimit };
  if (b.model !== undefined) out.model = b.model;
  if (b.freq !== undefined) out.freq = b.freq;
  return out;
}
