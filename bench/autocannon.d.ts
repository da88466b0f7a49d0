// The part of autocannon's API the HTTP bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram { mean: number; p50: number; p99: number; average: number; total: number }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
