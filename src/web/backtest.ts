// The playground's backtest: the form's series cross-validated by the API (3 rolling-origin
// windows), drawn with the history, and its metrics in words.
import type { CrossValidationResponseBody } from '../common/backtest-types.js';
import { ApiFailure, callApi } from './api.js';
import { drawBacktest } from './backtest-chart.js';
import { byId } from './dom.js';
import { problemMessage } from './problem.js';
import type { PlaygroundRequest } from './playground.js';

const WINDOWS = 3;
const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(3));

/** The metrics in one sentence. */
export function metricsText(b: CrossValidationResponseBody): string {
  const m = b.metrics;
  const cov = Object.entries(m.coverage ?? {}).map(([level, c]) => `${level}% intervals held ${c === null ? '—' : `${Math.round(c * 100)}%`}`);
  return `${b.windows.length} windows: MASE ${fmt(m.mase)}, sMAPE ${fmt(m.smape)}, RMSSE ${fmt(m.rmsse)}${cov.length ? `; ${cov.join(', ')}` : ''}.`;
}

/** Wires the Backtest button to the form (through `request`, which shows the form's own errors). */
export function setupBacktest(deps: { key(): string | null; request(): PlaygroundRequest | null }): void {
  const button = byId<HTMLButtonElement>('pg-backtest');
  const box = byId('bt-result');
  const text = byId('bt-metrics');
  const chart = byId('bt-chart') as unknown as SVGSVGElement;
  button.addEventListener('click', () => void (async () => {
    const key = deps.key();
    const r = deps.request();
    if (key === null || r === null) return;
    button.disabled = true;
    text.textContent = 'Backtesting…';
    box.hidden = false;
    const body: Record<string, unknown> = { series: r.series, horizon: r.horizon, windows: WINDOWS };
    if (r.seasonLength !== undefined) body.season_length = r.seasonLength;
    if (r.levels.length > 0) body.level = r.levels;
    try {
      const res = await callApi<CrossValidationResponseBody>(`/${encodeURIComponent(r.model.name)}/v1/cross-validation`, key, body);
      // this page sends no timestamps, so every cutoff comes back as an index
      drawBacktest(chart, { history: r.series, windows: res.windows.map((w) => ({ ...w, cutoff: Number(w.cutoff) })) });
      text.textContent = metricsText(res);
    } catch (err) {
      chart.replaceChildren(...Array.from(chart.querySelectorAll('title, desc')));
      text.textContent = `Backtest: ${err instanceof ApiFailure ? problemMessage(err.problem) : (err as Error).message}`;
    } finally {
      button.disabled = false;
    }
  })());
}
