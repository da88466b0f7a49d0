// The anomalies endpoint's bodies, shared by server and client.

export interface AnomaliesRequestBody {
  series: Array<number | null>;
  season_length?: number;
  /** coverage in percent of the one-step interval; default 99 */
  level?: number;
}

export interface AnomalyBody {
  /** position in the request's series */
  index: number;
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
}
