// The anomalies endpoint's bodies, shared by server and client.

export interface AnomaliesRequestBody {
  series: Array<number | null>;
  season_length?: number;
  /** coverage in percent of the one-step interval; default 99 */
  level?: number;
  timestamps?: string[];
  freq?: string;
}

export interface AnomalyBody {
  /** position in the request's series */
  index: number;
  /** the value's date as the caller sent it, when timestamps were sent */
  timestamp?: string;
  value: number;
  /** the one-step-ahead in-sample prediction */
  expected: number;
  lower: number;
  upper: number;
}

export interface AnomaliesResponseBody {
  anomalies: AnomalyBody[];
  level: number;
  model?: string;
  freq?: string;
}
