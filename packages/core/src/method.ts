// Turns the component codes the core writes into the names the API reports.
import { COMPONENT_CODES } from './registry.generated.js';

const ERR = ['', 'A', 'M'];
const TREND = ['N', 'A', 'Ad'];
const SEASON = ['N', 'A', 'M'];

// the readable form of a code inside a family: ETS and ARIMA spell their orders out
function familyMember(name: string, offset: number): string | null {
  if (name === 'ets') {
    const e = Math.floor(offset / 100), t = Math.floor((offset % 100) / 10), s = offset % 10;
    return ERR[e] && TREND[t] && SEASON[s] ? `ets(${ERR[e]},${TREND[t]},${SEASON[s]})` : null;
  }
  if (name === 'arima') {
    const d = (k: number) => Math.floor(offset / k) % 10;
    return `arima(${d(100000)},${d(10000)},${d(1000)})(${d(100)},${d(10)},${d(1)})`;
  }
  return `${name}(${offset})`;
}

/** The readable name of one component code, e.g. 1121 → "ets(A,Ad,A)"; codes the core does not produce → "code(N)". */
export function componentName(code: number): string {
  for (const row of COMPONENT_CODES) {
    if (code < row.code || code >= row.code + row.span) continue;
    if (row.span === 1) return row.name;
    return familyMember(row.name, code - row.code) ?? `code(${code})`;
  }
  return `code(${code})`;
}
