// The jobs card: each of the organization's jobs with its status, a progress bar, its created time,
// a cancel button while it can still run and, once it succeeded, a link to its results until they
// expire. Only builds nodes; settings.ts does the calls.
import type { JobBody } from '../common/job-types.js';
import { clear, el } from './dom.js';

/** What a row's controls ask for: cancel the job, download its results. */
export interface JobActions {
  cancel(id: string): void;
  results(id: string): void;
}

/** The progress in words: `1,200 of 5,000 series (24%), 3 failed`; a queued job with nothing counted yet says so. */
export function jobProgressText(j: JobBody): string {
  const { series, done, failed } = j.progress;
  if (series === 0) return j.status === 'queued' ? 'waiting' : 'no series';
  const pct = Math.floor((100 * (done + failed)) / series);
  return `${done.toLocaleString('en')} of ${series.toLocaleString('en')} series (${pct}%)${failed > 0 ? `, ${failed.toLocaleString('en')} failed` : ''}`;
}

/** True while the job can still change, so the page keeps looking at it. */
export function jobActive(j: JobBody): boolean {
  return j.status === 'queued' || j.status === 'running';
}

/** A time as `2026-11-26 18:40 UTC`: short, and the same for every viewer. */
export function shortTime(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? iso : `${t.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** True when a succeeded job's results can still be read (`now` in epoch ms). */
export function resultsKept(j: JobBody, now: number): boolean {
  return j.status === 'succeeded' && (j.expires_at === undefined || Date.parse(j.expires_at) > now);
}

/** Fills `body` with one row per job, newest first as listed. */
export function showJobs(body: HTMLTableSectionElement, empty: HTMLElement, jobs: JobBody[], actions: JobActions, now: number = Date.now()): void {
  clear(body);
  empty.hidden = jobs.length > 0;
  for (const j of jobs) {
    const bar = el('progress', {
      attrs: { max: String(Math.max(1, j.progress.series)), value: String(j.progress.done + j.progress.failed), 'aria-label': `Progress of job ${j.id}` },
    });
    const controls: Node[] = [];
    if (resultsKept(j, now)) {
      const link = el('a', { text: 'Results (CSV)', attrs: { href: `/v1/jobs/${encodeURIComponent(j.id)}/results`, 'data-action': 'results', 'aria-label': `Download the results of job ${j.id} as CSV` } });
      // the results need the key in a header, which a plain link cannot send
      link.addEventListener('click', (ev) => { ev.preventDefault(); actions.results(j.id); });
      controls.push(link, document.createTextNode(' '));
    }
    if (jobActive(j)) {
      const cancel = el('button', { text: 'Cancel', className: 'secondary', attrs: { type: 'button', 'data-action': 'cancel', 'aria-label': `Cancel job ${j.id}` } });
      cancel.addEventListener('click', () => actions.cancel(j.id));
      controls.push(cancel);
    }
    const errors = j.errors_total > 0 ? [el('div', { className: 'note', text: `${j.errors_total} series with errors${j.errors[0] ? `, first: ${j.errors[0].id}: ${j.errors[0].detail}` : ''}` })] : [];
    body.append(el('tr', { attrs: { 'data-job': j.id, 'data-status': j.status } }, [
      el('th', { attrs: { scope: 'row', 'data-label': 'Job' } }, [el('code', { text: j.id }), el('div', { className: 'note', text: j.model })]),
      el('td', { text: j.status, attrs: { 'data-label': 'Status' } }),
      el('td', { attrs: { 'data-label': 'Progress' } }, [bar, el('span', { text: ` ${jobProgressText(j)}` }), ...errors]),
      el('td', { attrs: { 'data-label': 'Created' } }, [el('time', { text: shortTime(j.created_at), attrs: { datetime: j.created_at } })]),
      el('td', { attrs: { 'data-label': 'Actions' } }, controls),
    ]));
  }
}
