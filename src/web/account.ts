// The signed-in view: the key's metadata from validate and the organization's models.
import type { ModelInfo, ValidateResponseBody } from '../common/types.js';
import { summarizeConfig } from './config-summary.js';
import { clear, el } from './dom.js';

/** "2027-01-31 00:00 UTC" for an ISO timestamp; the raw text when it is not one. */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function expiryText(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'never';
  const days = Math.round((Date.parse(expiresAt) - now) / 86_400_000);
  const when = days > 1 ? ` (in ${days} days)` : days >= 0 ? ' (soon)' : ' (expired)';
  return formatTimestamp(expiresAt) + when;
}

/** Fills `list` (a <dl>) with the key's metadata; the key itself is never part of it. */
export function showKeyMetadata(list: HTMLDListElement, meta: ValidateResponseBody, now = Date.now()): void {
  const rows: Array<[string, string, string]> = [
    ['Key name', meta.name, 'name'],
    ['Key id', meta.key_id, 'key_id'],
    ['Organization', meta.organization_id, 'organization_id'],
    ['Project', meta.project_id, 'project_id'],
    ['User', meta.user_id, 'user_id'],
    ['Status', meta.status, 'status'],
    ['Environment', meta.env, 'env'],
    ['Expires', expiryText(meta.expires_at, now), 'expires_at'],
    ['Limits', `${meta.rate_limit_per_minute.toLocaleString('en')} forecasts per minute, ${meta.rate_limit_per_hour.toLocaleString('en')} per hour`, 'limits'],
  ];
  clear(list);
  for (const [term, value, field] of rows) {
    list.append(el('div', { attrs: { 'data-field': field } }, [el('dt', { text: term }), el('dd', { text: value })]));
  }
}

/** Fills `body` (a <tbody>) with one row per model, in the order given (the API puts tempo first). */
export function showModels(body: HTMLTableSectionElement, models: ModelInfo[]): void {
  clear(body);
  for (const m of models) {
    const config = JSON.stringify(m.config);
    // data-label names each cell where a narrow screen stacks the row into a card
    body.append(el('tr', { attrs: { 'data-model': m.name } }, [
      el('th', { attrs: { scope: 'row', 'data-label': 'Name' } }, [el('code', { text: m.name })]),
      el('td', { text: m.default ? 'Default' : '—', className: m.default ? 'is-default' : '', attrs: { 'data-label': 'Default' } }),
      el('td', { attrs: { 'data-label': 'Base' } }, [el('code', { text: m.base })]),
      el('td', { attrs: { 'data-label': 'Configuration' } }, [
        el('span', { text: summarizeConfig(m.config) }),
        el('br'),
        el('code', { className: 'raw-config', text: config }),
      ]),
      el('td', { attrs: { 'data-label': 'Created' } }, [el('time', { text: formatTimestamp(m.created_at), attrs: { datetime: m.created_at } })]),
    ]));
  }
}
