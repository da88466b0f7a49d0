// The playground: one series, one model, forecast twice — by the API and by the same core in this
// browser — drawn on one chart, tabulated, and compared.
import type { ForecastResponseBody, ModelInfo } from '../common/types.js';
import type { CoreConfig, ForecastResult } from '../core/index.js';
import { compareForecasts, type Agreement } from './agreement.js';
import { ApiFailure, callApi } from './api.js';
import { loadBrowserForecaster } from './browser-core.js';
import { drawChart } from './chart.js';
import { byId, clear, el, formatNumber } from './dom.js';
import { problemMessage, problemReference, type Problem } from './problem.js';
import type { Sample } from './samples.js';
import { parseInteger, parseLevels } from './series-input.js';
import { dateLabels, parseDatedSeries } from './dated-input.js';
import { DateError, planDates, seasonOptions, type DatePlan } from '../dates/index.js';

/** The API's default bounds (docs/configuration.md); the server has the last word, these catch typos early. */
const MAX_HORIZON = 1000;

/** A request the form describes once its fields check out. */
export interface PlaygroundRequest {
  model: ModelInfo;
  series: Array<number | null>;
  horizon: number;
  seasonLength?: number;
  levels: number[];
  /** the pasted dates, checked, and what they tell (future dates, calendar periods) */
  timestamps?: string[];
  dates?: DatePlan;
}

type Request = PlaygroundRequest;

type Outcome<T> = { ok: true; value: T; ms: number } | { ok: false; message: string; reference?: string };

export interface PlaygroundDeps {
  key(): string | null;
  /** Called when the API refuses the key itself, so the page can sign out. */
  onKeyRefused(problem: Problem): void;
  wasmUrl: URL;
}

export interface Playground {
  setModels(models: ModelInfo[]): void;
  setSamples(samples: Sample[]): void;
  reset(): void;
  /** The form's request, or null after showing what to fix. */
  request(): PlaygroundRequest | null;
}

const KEY_CODES = new Set(['API_KEY_INVALID', 'API_KEY_INACTIVE', 'API_KEY_EXPIRED']);

function fieldError(input: HTMLElement, message: string | null): void {
  if (message === null) input.removeAttribute('aria-invalid');
  else input.setAttribute('aria-invalid', 'true');
}

function agreementText(a: Agreement): string {
  if (a.identical) {
    return `Identical: the API and your browser gave the same ${a.compared} numbers `
      + `(largest difference ${a.maxAbsDiff === 0 ? '0' : a.maxAbsDiff.toExponential(2)}, tolerance ${a.tolerance.toExponential(2)}).`;
  }
  if (!Number.isFinite(a.maxAbsDiff)) return 'Different: the API and your browser returned forecasts of different shapes.';
  return `Different: the largest difference is ${a.maxAbsDiff.toExponential(3)}, above the tolerance ${a.tolerance.toExponential(2)}.`;
}

// a sample with a start date loads as two columns, the way a spreadsheet paste looks
function datedText(s: Sample): string {
  const rest = planDates({ timestamps: [s.start!], freq: s.freq, length: 1, horizon: s.values.length - 1 }).timestamps ?? [];
  return [s.start!, ...rest].map((d, i) => `${d}, ${s.values[i]}`).join('\n');
}

function valueCell(v: number | undefined): HTMLTableCellElement {
  return v === undefined ? el('td', { text: '—' }) : el('td', { text: formatNumber(v), attrs: { 'data-value': String(v) } });
}

/** Wires the playground form on the page; returns what the rest of the page updates. */
export function setupPlayground(deps: PlaygroundDeps): Playground {
  const form = byId<HTMLFormElement>('pg-form');
  const modelSelect = byId<HTMLSelectElement>('pg-model');
  const sampleSelect = byId<HTMLSelectElement>('pg-sample');
  const loadButton = byId<HTMLButtonElement>('pg-load');
  const seriesInput = byId<HTMLTextAreaElement>('pg-series');
  const horizonInput = byId<HTMLInputElement>('pg-horizon');
  const seasonInput = byId<HTMLInputElement>('pg-season');
  const levelsInput = byId<HTMLInputElement>('pg-levels');
  const runButton = byId<HTMLButtonElement>('pg-run');
  const errorBox = byId('pg-error');
  const result = byId('pg-result');
  const agreement = byId('agreement');
  const timings = byId('pg-timings');
  const apiNote = byId('pg-api-note');
  const browserNote = byId('pg-browser-note');
  const chart = byId('chart') as unknown as SVGSVGElement;
  const chartDesc = byId('chart-desc') as unknown as SVGDescElement;
  const tableHead = byId<HTMLTableRowElement>('pg-table-head');
  const tableBody = byId<HTMLTableSectionElement>('pg-table-body');
  let models: ModelInfo[] = [];
  let samples: Sample[] = [];

  function showError(message: string | null): void {
    errorBox.textContent = message ?? '';
    errorBox.hidden = message === null;
  }

  function read(): Request | null {
    const checks: Array<[HTMLElement, { ok: boolean; message?: string }]> = [];
    const series = parseDatedSeries(seriesInput.value);
    const horizon = parseInteger(horizonInput.value, 'horizon', 1, MAX_HORIZON, false);
    // the dates are checked here, as the API would, so a gap is named before anything is sent
    let dates: DatePlan | undefined;
    let datesCheck: { ok: boolean; message?: string } = series;
    if (series.ok && series.value.timestamps && horizon.ok) {
      try {
        dates = planDates({ timestamps: series.value.timestamps, length: series.value.values.length, horizon: horizon.value! });
      } catch (err) {
        if (!(err instanceof DateError)) throw err;
        const line = /\/timestamps\/(\d+)$/.exec(err.pointer);
        datesCheck = { ok: false, message: `${line ? `Date ${Number(line[1]) + 1}: ` : ''}${err.reason.replace(/^timestamps\/\d+ /, '')}` };
      }
    }
    checks.push([seriesInput, datesCheck]);
    checks.push([horizonInput, horizon]);
    const season = parseInteger(seasonInput.value, 'season length', 1, 10_000, true);
    checks.push([seasonInput, season]);
    const levels = parseLevels(levelsInput.value);
    checks.push([levelsInput, levels]);
    const messages: string[] = [];
    let first: HTMLElement | null = null;
    for (const [input, check] of checks) {
      fieldError(input, check.ok ? null : check.message ?? 'invalid');
      if (!check.ok) {
        messages.push(check.message ?? 'invalid');
        first ??= input;
      }
    }
    const model = models.find((m) => m.name === modelSelect.value);
    if (!model) messages.push('Choose a model.');
    if (messages.length > 0 || !series.ok || !datesCheck.ok || !horizon.ok || !season.ok || !levels.ok || !model) {
      showError(messages.join(' '));
      first?.focus();
      return null;
    }
    showError(null);
    return {
      model, series: series.value.values, horizon: horizon.value!, seasonLength: season.value, levels: levels.value,
      timestamps: series.value.timestamps, dates,
    };
  }

  async function viaApi(r: Request, key: string): Promise<Outcome<ForecastResponseBody>> {
    const body: Record<string, unknown> = { series: r.series, horizon: r.horizon };
    if (r.seasonLength !== undefined) body.season_length = r.seasonLength;
    if (r.levels.length > 0) body.level = r.levels;
    if (r.timestamps) body.timestamps = r.timestamps;
    const t0 = performance.now();
    try {
      const value = await callApi<ForecastResponseBody>(`/${encodeURIComponent(r.model.name)}/v1/forecast`, key, body);
      return { ok: true, value, ms: performance.now() - t0 };
    } catch (err) {
      if (err instanceof ApiFailure) {
        if (KEY_CODES.has(err.problem.code)) deps.onKeyRefused(err.problem);
        return { ok: false, message: problemMessage(err.problem), reference: problemReference(err.problem) };
      }
      return { ok: false, message: `The API call failed: ${(err as Error).message}` };
    }
  }

  async function inBrowser(r: Request): Promise<Outcome<ForecastResult>> {
    try {
      const core = await loadBrowserForecaster(deps.wasmUrl);
      const t0 = performance.now();
      // the same season rule as the server, so the two sides stay comparable with dates too
      const config = r.model.config as CoreConfig;
      const season = r.dates ? seasonOptions(r.dates, r.seasonLength ?? config.season_length) : { seasonLength: r.seasonLength };
      const value = core.forecast(r.series, r.horizon, {
        ...season,
        level: r.levels.length > 0 ? r.levels : undefined,
        config,
      });
      return { ok: true, value, ms: performance.now() - t0 };
    } catch (err) {
      return { ok: false, message: `The in-browser core could not forecast: ${(err as Error).message}` };
    }
  }

  function showTable(r: Request, api?: ForecastResponseBody, browser?: ForecastResult): void {
    clear(tableHead);
    clear(tableBody);
    const levels = r.levels.map(String);
    const intervals = api?.intervals ?? browser?.intervals ?? {};
    tableHead.append(
      el('th', { text: 'Step', attrs: { scope: 'col' } }),
      el('th', { text: 'API', attrs: { scope: 'col' } }),
      el('th', { text: 'Browser', attrs: { scope: 'col' } }),
      el('th', { text: 'Difference', attrs: { scope: 'col' } }),
      ...levels.map((lv) => el('th', { text: `${lv}% interval`, attrs: { scope: 'col' } })),
    );
    for (let k = 0; k < r.horizon; k++) {
      const a = api?.forecast[k];
      const b = browser?.forecast[k];
      tableBody.append(el('tr', { attrs: { 'data-step': String(k + 1) } }, [
        el('th', { text: r.dates?.timestamps?.[k] ?? String(k + 1), attrs: { scope: 'row' } }),
        Object.assign(valueCell(a), { className: 'api' }),
        Object.assign(valueCell(b), { className: 'browser' }),
        a !== undefined && b !== undefined ? valueCell(Math.abs(a - b)) : valueCell(undefined),
        ...levels.map((lv) => {
          const iv = intervals[lv];
          return el('td', { text: iv ? `${formatNumber(iv.lower[k])} to ${formatNumber(iv.upper[k])}` : '—' });
        }),
      ]));
    }
  }

  async function run(): Promise<void> {
    const key = deps.key();
    if (key === null) {
      showError('Sign in with an API key first.');
      return;
    }
    const r = read();
    if (r === null) return;
    runButton.disabled = true;
    runButton.setAttribute('aria-busy', 'true');
    agreement.dataset.agreement = 'running';
    agreement.textContent = 'Forecasting with the API and in your browser…';
    try {
      const [api, browser] = await Promise.all([viaApi(r, key), inBrowser(r)]);
      result.hidden = false;
      apiNote.textContent = api.ok
        ? `API (${api.value.model ?? r.model.name}): ${api.value.method?.components.join(', ') ?? 'method not reported'}.`
        : `API: ${api.message}${api.reference ? ` [${api.reference}]` : ''}`;
      browserNote.textContent = browser.ok
        ? `Browser: ${browser.value.method.components.join(', ')}.`
        : `Browser: ${browser.message}`;
      timings.textContent = [
        api.ok ? `API round trip ${Math.round(api.ms)} ms` : null,
        browser.ok ? `in-browser computation ${Math.round(browser.ms)} ms` : null,
      ].filter((t) => t !== null).join(' · ');
      const bandsFrom = api.ok ? api.value.intervals : browser.ok ? browser.value.intervals : undefined;
      drawChart(chart, {
        history: r.series,
        api: api.ok ? api.value.forecast : undefined,
        browser: browser.ok ? browser.value.forecast : undefined,
        bands: Object.entries(bandsFrom ?? {}).map(([level, b]) => ({ level: Number(level), ...b })),
        labels: r.timestamps && r.dates?.timestamps ? dateLabels([...r.timestamps, ...r.dates.timestamps]) : undefined,
      });
      showTable(r, api.ok ? api.value : undefined, browser.ok ? browser.value : undefined);
      if (api.ok && browser.ok) {
        const a = compareForecasts(r.series, api.value, browser.value);
        agreement.dataset.agreement = a.identical ? 'identical' : 'different';
        agreement.textContent = agreementText(a);
      } else {
        agreement.dataset.agreement = 'incomplete';
        agreement.textContent = `Not compared: ${api.ok ? 'the in-browser forecast' : 'the API forecast'} failed (see below).`;
      }
      const span = r.timestamps ? ` from ${r.timestamps[0]} to ${r.timestamps[r.timestamps.length - 1]}` : '';
      chartDesc.textContent = `${r.series.length} observations${span}, then a ${r.horizon}-step forecast by model ${r.model.name}. `
        + agreement.textContent;
    } finally {
      runButton.disabled = false;
      runButton.removeAttribute('aria-busy');
    }
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void run();
  });

  loadButton.addEventListener('click', () => {
    const s = samples.find((x) => x.id === sampleSelect.value);
    if (!s) return;
    seriesInput.value = s.start && s.freq ? datedText(s) : s.values.join(', ');
    horizonInput.value = String(s.horizon);
    seasonInput.value = s.season_length === null ? '' : String(s.season_length);
    showError(null);
    seriesInput.focus();
  });

  return {
    setModels(list) {
      models = list;
      const previous = modelSelect.value;
      clear(modelSelect);
      for (const m of list) {
        modelSelect.append(el('option', { text: m.default ? `${m.name} (default)` : m.name, attrs: { value: m.name } }));
      }
      if (list.some((m) => m.name === previous)) modelSelect.value = previous;
    },
    setSamples(list) {
      samples = list;
      clear(sampleSelect);
      for (const s of list) {
        sampleSelect.append(el('option', { text: `${s.name} (${s.frequency}, ${s.values.length} values)`, attrs: { value: s.id, title: s.description } }));
      }
      loadButton.disabled = list.length === 0;
    },
    request: read,
    reset() {
      result.hidden = true;
      showError(null);
      agreement.textContent = '';
      delete agreement.dataset.agreement;
    },
  };
}
