// The inputs every runtime forecasts: a seasonal series with gaps and intervals, blind detection,
// single models and the edge cases (one point, a constant). Plain data, no runtime APIs.
const seasonal = Array.from({ length: 96 }, (_, t) => (100 + 0.8 * t) * (1 + 0.25 * Math.sin((2 * Math.PI * t) / 12)) + ((t * 7919) % 13) - 6);
const gappy = seasonal.map((v, t) => (t % 17 === 5 ? null : v));

/** Cases as [series, horizon, options] for core.forecast. */
export const RUNTIME_CASES = [
  { series: gappy, horizon: 12, options: { seasonLength: 12, level: [80, 95] } },
  { series: gappy, horizon: 3, options: { seasonLength: 12, level: [99], fitted: true } },
  { series: seasonal, horizon: 24, options: {} },
  { series: seasonal, horizon: 6, options: { seasonLength: 12, config: { model: 'ets' } } },
  { series: seasonal, horizon: 6, options: { seasonLength: 12, config: { model: 'arima' } } },
  { series: seasonal, horizon: 6, options: { seasonLength: 12, config: { model: 'dotm' } } },
  { series: [42], horizon: 3, options: {} },
  { series: Array(20).fill(7.5), horizon: 4, options: { level: [50] } },
];
