// The accuracy measures shared by `npm run eval` and the API's backtests.
export { smape, mase, maseScale, rmsse, rmsseScale, rmsseSeasonal, mase1, anyNegative } from './point.js';
export { msis, countInside } from './interval.js';
export { owa, mean, quantile } from './summary.js';
export { pinball, scaledPinball, M5_QUANTILES } from './quantile.js';
