// The models settings page end to end: a real headless Chromium against a real server with a real
// SQLite store and real keys. Sign in, see the organization's models, refused keys, and the
// playground's API and in-browser forecasts agreeing.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureFirstRunKey } from '../../src/bootstrap/first-run.js';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { SETTINGS_PAGE_PATH } from '../../src/server/routes/settings-page.js';
import { startHarness, type Harness } from '../server/harness.js';
import { assertPageBuilt, launchChromium, openPage, pageFaults, type PageWatch } from './browser.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ARTIFACTS = `${ROOT}test-artifacts`;
const README_SHOT = `${ROOT}docs/screenshot-settings.png`;

let h: Harness;
let browser: Browser;
let core: Forecaster;
let firstRunKey: string;
let acmeKey: string;
let disabledKey: string;
let expiredKey: string;
const ACME_MODEL = { name: 'acme-monthly', config: { model: 'ets', season_length: 12 } };
const GLOBEX_MODEL = 'globex-private';

beforeAll(async () => {
  assertPageBuilt(ROOT);
  h = await startHarness();
  // the first-run key is made on an empty store, exactly as `npm start` does on a fresh clone
  const message = await ensureFirstRunKey(h.store, h.config, h.url);
  firstRunKey = /API key: (\S+)/.exec(message ?? '')![1];
  acmeKey = (await h.key({ organizationId: 'acme', rateLimitPerMinute: 1000, rateLimitPerHour: 10_000 })).fullKey;
  const disabled = await h.key({ organizationId: 'acme', name: 'old key' });
  await h.store.setKeyStatus(disabled.keyId, 'inactive');
  disabledKey = disabled.fullKey;
  expiredKey = (await h.key({ organizationId: 'acme', name: 'lapsed key', expiresAt: '2020-01-31T00:00:00Z' })).fullKey;
  await h.store.createModel({ name: ACME_MODEL.name, organizationId: 'acme', base: 'tempo', config: ACME_MODEL.config });
  await h.store.createModel({ name: GLOBEX_MODEL, organizationId: 'globex', base: 'tempo', config: { model: 'theta' } });
  core = await loadForecaster();
  browser = await launchChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function signIn(page: Page, key: string): Promise<void> {
  await page.goto(h.url + SETTINGS_PAGE_PATH);
  await page.fill('#api-key', key);
  await page.click('#signin-button');
}

async function signedIn(page: Page): Promise<void> {
  await page.locator('#signed-in').waitFor({ state: 'visible' });
}

async function modelRows(page: Page): Promise<string[]> {
  return page.locator('#models-body tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model') ?? ''));
}

async function close(watch: PageWatch): Promise<void> {
  const faults = pageFaults(watch, h.url);
  await watch.context.close();
  expect(faults).toEqual([]);
}

/** Runs the playground on a bundled sample with `model` and returns the table's API and browser columns. */
async function runPlayground(page: Page, model: string, sample: string, levels: string) {
  await page.selectOption('#pg-model', model);
  await page.selectOption('#pg-sample', sample);
  await page.click('#pg-load');
  await page.fill('#pg-levels', levels);
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/${model}/v1/forecast`));
  await page.click('#pg-run');
  const request = await posted;
  await page.locator('#agreement:not([data-agreement="running"])[data-agreement]').waitFor();
  const column = (cls: string) => page.locator(`#pg-table-body td.${cls}`)
    .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))));
  return {
    body: JSON.parse(request.postData() ?? 'null'),
    authorization: request.headers().authorization,
    agreement: await page.locator('#agreement').getAttribute('data-agreement'),
    agreementText: await page.locator('#agreement').textContent(),
    api: await column('api'),
    browser: await column('browser'),
  };
}

describe('signing in', () => {
  it('a new user signs in with the first-run key, keyboard only, and sees the default organization with tempo', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    await page.goto(h.url + SETTINGS_PAGE_PATH);
    await expect(page.title()).resolves.toMatch(/Models/);
    // Tab from the top of the page to the key field: every step is a keyboard step
    let focused = '';
    for (let i = 0; i < 10 && focused !== 'api-key'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.id ?? '');
    }
    expect(focused).toBe('api-key');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.type(firstRunKey);
    await page.keyboard.press('Enter');
    await signedIn(page);
    await expect(page.locator('[data-field="organization_id"] dd').textContent()).resolves.toBe('default');
    await expect(page.locator('[data-field="name"] dd').textContent()).resolves.toBe('development key');
    expect(await modelRows(page)).toEqual(['tempo']);
    await expect(page.locator('#status').textContent()).resolves.toMatch(/Signed in/);
    await close(watch);
  });

  it("shows the organization's own model after tempo, never another organization's, and keeps the key out of the DOM, URL and cookies", async () => {
    const watch = await openPage(browser);
    const { page, context } = watch;
    await signIn(page, acmeKey);
    await signedIn(page);
    const rows = await modelRows(page);
    expect(rows).toEqual(['tempo', ACME_MODEL.name]);
    expect(rows).not.toContain(GLOBEX_MODEL);
    const acmeRow = page.locator(`#models-body tr[data-model="${ACME_MODEL.name}"]`);
    await expect(acmeRow.textContent()).resolves.toMatch(/exponential smoothing/i);
    await expect(acmeRow.textContent()).resolves.toMatch(/season length 12/);
    await expect(page.locator('#models-body tr[data-model="tempo"] td').first().textContent()).resolves.toBe('Default');
    await expect(page.locator('[data-field="limits"] dd').textContent()).resolves.toMatch(/1,000 forecasts per minute, 10,000 per hour/);

    const secret = acmeKey.split('-')[2];
    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(await page.locator('#api-key').inputValue()).toBe('');
    expect(page.url()).not.toContain(secret);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('tempo.apiKey'))).toBe(acmeKey);
    const apiCalls = watch.requests.filter((r) => /\/v1\/(validate|models)$/.test(r.url));
    expect(apiCalls.map((r) => new URL(r.url).pathname)).toEqual(['/tempo/v1/validate', '/v1/models']);
    for (const r of apiCalls) expect(r.headers.authorization).toBe(`Bearer ${acmeKey}`);
    for (const r of watch.requests) expect(r.url).not.toContain(secret);

    // the key outlives a reload of the tab, and signing out removes it
    await page.reload();
    await signedIn(page);
    await page.click('#signout-button');
    await page.locator('#signin-form').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await page.locator('#models-body tr').count()).toBe(0);
    await close(watch);
  });

  it('says a disabled key is disabled, an expired key expired and a mistyped key is not recognised, and keeps none of them', async () => {
    const cases: Array<[string, RegExp, string]> = [
      [disabledKey, /disabled/i, 'API_KEY_INACTIVE'],
      [expiredKey, /expired/i, 'API_KEY_EXPIRED'],
      [acmeKey.slice(0, -1) + (acmeKey.endsWith('A') ? 'B' : 'A'), /not recognised/i, 'API_KEY_INVALID'],
    ];
    for (const [key, message, code] of cases) {
      const watch = await openPage(browser);
      const { page } = watch;
      await signIn(page, key);
      await page.locator('#error').waitFor({ state: 'visible' });
      await expect(page.locator('#error-text').textContent()).resolves.toMatch(message);
      await expect(page.locator('#error-ref').textContent()).resolves.toMatch(new RegExp(`${code} · HTTP 401 · request req_`));
      await expect(page.locator('#error').getAttribute('role')).resolves.toBe('alert');
      expect(await page.locator('#signed-in').isHidden()).toBe(true);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      await close(watch);
    }
  });
});

describe('playground', () => {
  it('forecasts a sample with the API and in the browser, the two agree, and both equal an independent run', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    await signIn(page, acmeKey);
    await signedIn(page);

    for (const model of [ACME_MODEL.name, 'tempo']) {
      const run = await runPlayground(page, model, 'air-passengers', '80, 95');
      expect(run.agreement, run.agreementText ?? '').toBe('identical');
      expect(run.authorization).toBe(`Bearer ${acmeKey}`);
      expect(run.body).toMatchObject({ horizon: 24, season_length: 12, level: [80, 95] });
      expect(run.body.series).toHaveLength(144);
      expect(run.api).toHaveLength(24);

      // the page's API column is what the API answers for that body
      const res = await fetch(`${h.url}/${model}/v1/forecast`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${acmeKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(run.body),
      });
      expect(res.status).toBe(200);
      expect(run.api).toEqual((await res.json()).forecast);
      // the browser column is what the same core gives in Node with the model's stored config
      const config = model === 'tempo' ? {} : ACME_MODEL.config;
      const local = core.forecast(run.body.series, run.body.horizon, { seasonLength: 12, level: [80, 95], config: config as never });
      expect(run.browser).toEqual(local.forecast);
      // and the page's verdict holds by its own definition: within 1e-9 × the series' scale
      const scale = Math.max(1, ...run.body.series.map(Math.abs));
      const worst = Math.max(...run.api.map((v, i) => Math.abs(v - run.browser[i])));
      expect(worst).toBeLessThanOrEqual(1e-9 * scale);
    }
    // the chart holds history, both forecasts and one band per level
    await expect(page.locator('#chart path.history').count()).resolves.toBe(1);
    await expect(page.locator('#chart path.api').count()).resolves.toBe(1);
    await expect(page.locator('#chart path.browser').count()).resolves.toBe(1);
    await expect(page.locator('#chart path.band').count()).resolves.toBe(2);

    const shot = `${ARTIFACTS}/settings-models.png`;
    await page.screenshot({ path: shot, fullPage: true });
    expect(existsSync(shot)).toBe(true);
    // the README's copy changes only on request (or when missing), so test runs leave the tree clean
    if (process.env.TEMPO_UPDATE_SCREENSHOT === '1' || !existsSync(README_SHOT)) copyFileSync(shot, README_SHOT);
    await page.locator('#pg-result details summary').click();
    await expect(page.locator('#pg-table-body tr').count()).resolves.toBe(24);
    await page.screenshot({ path: `${ARTIFACTS}/settings-models-values.png`, fullPage: true });
    await close(watch);
  });

  it('refuses unreadable input next to the field without calling the API', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    await signIn(page, acmeKey);
    await signedIn(page);
    const before = watch.requests.length;
    await page.fill('#pg-series', '1, 2, three, 4');
    await page.click('#pg-run');
    await page.locator('#pg-error').waitFor({ state: 'visible' });
    await expect(page.locator('#pg-error').textContent()).resolves.toMatch(/Value 3 \("three"\) is not a number/);
    await expect(page.locator('#pg-series').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pg-series');
    expect(watch.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
    await close(watch);
  });

  it('takes two pasted columns (date, value): sends the dates, draws a date axis, and names a gap by its date', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    await signIn(page, acmeKey);
    await signedIn(page);
    const values = Array.from({ length: 48 }, (_, i) => 100 + 10 * Math.sin((2 * Math.PI * i) / 12) + (i % 5));
    const dates = values.map((_, i) => new Date(Date.UTC(2020 + Math.floor(i / 12), i % 12, 1)).toISOString().slice(0, 10));
    const pasted = ['month\tsales', ...dates.map((d, i) => `${d}\t${values[i]}`)].join('\n');

    const before = watch.requests.length;
    const gap = pasted.split('\n').filter((_, k) => k !== 6).join('\n');
    await page.fill('#pg-series', gap);
    await page.fill('#pg-horizon', '6');
    await page.fill('#pg-season', '');
    await page.click('#pg-run');
    await page.locator('#pg-error').waitFor({ state: 'visible' });
    await expect(page.locator('#pg-error').textContent()).resolves.toContain('expected 2020-06-01');
    expect(watch.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);

    await page.selectOption('#pg-model', 'tempo');
    await page.fill('#pg-series', pasted);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/tempo/v1/forecast'));
    await page.click('#pg-run');
    const body = JSON.parse((await posted).postData() ?? 'null');
    await page.locator('#agreement:not([data-agreement="running"])[data-agreement]').waitFor();
    expect(body.timestamps).toEqual(dates);
    expect(body.series).toEqual(values);
    await expect(page.locator('#agreement').getAttribute('data-agreement')).resolves.toBe('identical');
    const ticks = await page.locator('#chart .axes text.tick[text-anchor="middle"]').allTextContents();
    expect(ticks[0]).toBe('2020-01');
    expect(ticks.every((t) => /^20\d\d-\d\d$/.test(t))).toBe(true);
    await expect(page.locator('#pg-table-body tr th').first().textContent()).resolves.toBe('2024-01-01');
    await close(watch);
  });

  it('is readable at phone width: nothing wider than 375 px, the playground still runs', async () => {
    const watch = await openPage(browser, { width: 375, height: 812 });
    const { page } = watch;
    await signIn(page, acmeKey);
    await signedIn(page);
    const run = await runPlayground(page, 'tempo', 'nile', '');
    expect(run.agreement, run.agreementText ?? '').toBe('identical');
    expect(run.body).not.toHaveProperty('level');
    expect(run.body).not.toHaveProperty('season_length');
    await expect(page.locator('#chart path.band').count()).resolves.toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${ARTIFACTS}/settings-models-375px.png`, fullPage: true });
    await close(watch);
  });
});
