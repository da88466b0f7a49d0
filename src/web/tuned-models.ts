// The tuned-models card: each of the organization's tuned models with its status, progress,
// holdout report and a delete button. Only builds nodes; settings.ts does the calls.
import type { TunedModelBody } from '../common/tuned-model-types.js';
import { clear, el } from './dom.js';

const fmt = (v: number | null | undefined) => (typeof v === 'number' ? v.toFixed(3) : '—');

/** The report in one sentence: tuned against base on the holdout, and which config the model kept. */
export function reportSummary(t: TunedModelBody): string {
  if (t.status === 'failed') return t.error ?? 'Tuning failed.';
  if (t.status === 'tuning' || t.report === null) return 'Tuning…';
  const { tuned, base } = t.report.holdout;
  const kept = t.report.chosen === 'tuned' ? `beats ${t.base}: tuned configuration kept` : `does not beat ${t.base}: ${t.base}'s configuration kept`;
  return `Holdout MASE ${fmt(tuned.mase)} vs ${fmt(base.mase)} (sMAPE ${fmt(tuned.smape)} vs ${fmt(base.smape)}); ${kept}.`;
}

/** Fills `body` with one row per tuned model; `onDelete` is called with the name when its button is pressed. */
export function showTunedModels(body: HTMLTableSectionElement, empty: HTMLElement, tuned: TunedModelBody[], onDelete: (name: string) => void): void {
  clear(body);
  empty.hidden = tuned.length > 0;
  for (const t of tuned) {
    const progress = el('progress', { attrs: { max: '1', value: String(t.progress), 'aria-label': `Progress of ${t.name}` } });
    const del = el('button', { text: 'Delete', className: 'secondary', attrs: { type: 'button', 'aria-label': `Delete ${t.name}` } });
    del.addEventListener('click', () => onDelete(t.name));
    body.append(el('tr', { attrs: { 'data-tuned': t.name, 'data-status': t.status } }, [
      el('th', { attrs: { scope: 'row', 'data-label': 'Name' } }, [el('code', { text: t.name })]),
      el('td', { text: t.status, attrs: { 'data-label': 'Status' } }),
      el('td', { attrs: { 'data-label': 'Progress' } }, [progress, el('span', { text: ` ${Math.round(t.progress * 100)}%` })]),
      el('td', { text: reportSummary(t), className: 'report', attrs: { 'data-label': 'Report' } }),
      el('td', { attrs: { 'data-label': 'Actions' } }, [del]),
    ]));
  }
}
