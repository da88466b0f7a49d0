// Turns the component codes the core writes into the names the API reports.

const ERR = ['', 'A', 'M'];
const TREND = ['N', 'A', 'Ad'];
const SEASON = ['N', 'A', 'M'];
const FIXED: Record<number, string> = {
  2001: 'theta', 2002: 'otm', 2003: 'dstm', 2004: 'dotm',
  3001: 'naive', 3002: 'snaive', 3003: 'drift', 3004: 'naive2', 3005: 'constant', 3006: 'mean',
  5001: 'ces',
  6001: 'sba', 6002: 'tsb', 6003: 'adida', 6004: 'imapa',
};

/** The readable name of one component code, e.g. 1121 → "ets(A,Ad,A)"; unknown codes → "code(N)". */
export function componentName(code: number): string {
  if (code in FIXED) return FIXED[code];
  if (code >= 1000 && code < 2000) {
    const e = Math.floor((code - 1000) / 100), t = Math.floor((code % 100) / 10), s = code % 10;
    if (ERR[e] && TREND[t] && SEASON[s]) return `ets(${ERR[e]},${TREND[t]},${SEASON[s]})`;
  }
  if (code >= 4000000 && code < 5000000) {
    const c = code - 4000000;
    const d = (k: number) => Math.floor(c / k) % 10;
    const p = Math.floor(c / 100000) % 10;
    return `arima(${p},${d(10000)},${d(1000)})(${d(100)},${d(10)},${d(1)})`;
  }
  return `code(${code})`;
}
