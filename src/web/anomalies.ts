// The playground's anomaly check: the form's series sent to the anomalies endpoint at level 99,
// the flagged values marked on the history, and a sentence naming them.
import type { AnomaliesResponseBody } from '../common/anomaly-types.js';
import { ApiFailure, callApi } from './api.js';
import { drawAnomalies } from './anomaly-chart.js';
import { byId } from './dom.js';
import { problemMessage } from './problem.js';
import type { PlaygroundRequest } from './playground.js';

const LEVEL = 99;

/** The answer in one sentence. */
export function anomaliesText(b: AnomaliesResponseBody): string {
  const n = b.anomalies.length;
  if (n === 0) return `No value lies outside its ${b.level}% one-step-ahead interval.`;
  const at = b.anomalies.slice(0, 10).map((a) => a.index).join(', ');
  return `${n} value${n > 1 ? 's' : ''} outside the ${b.level}% one-step-ahead interval, at position${n > 1 ? 's' : ''} ${at}${n > 10 ? ', …' : ''}.`;
}

/** Wires the Find anomalies button to the form (through `request`, which shows the form's own errors). */
export function setupAnomalies(deps: { key(): string | null; request(): PlaygroundRequest | null }): void {
  const button = byId<HTMLButtonElement>('pg-anomalies');
  const box = byId('an-result');
  const text = byId('an-text');
  const chart = byId('an-chart') as unknown as SVGSVGElement;
  button.addEventListener('click', () => void (async () => {
    const key = deps.key();
    const r = deps.request();
    if (key === null || r === null) return;
    button.disabled = true;
    text.textContent = 'Looking for anomalies…';
    box.hidden = false;
    const body: Record<string, unknown> = { series: r.series, level: LEVEL };
    if (r.seasonLength !== undefined) body.season_length = r.seasonLength;
    try {
      const res = await callApi<AnomaliesResponseBody>(`/${encodeURIComponent(r.model.name)}/v1/anomalies`, key, body);
      drawAnomalies(chart, { history: r.series, anomalies: res.anomalies });
      text.textContent = anomaliesText(res);
    } catch (err) {
      chart.replaceChildren(...Array.from(chart.querySelectorAll('title, desc')));
      text.textContent = `Anomalies: ${err instanceof ApiFailure ? problemMessage(err.problem) : (err as Error).message}`;
    } finally {
      button.disabled = false;
    }
  })());
}
