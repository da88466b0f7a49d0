// The settings page's tuned-models card in a real headless Chromium against a real server: each
// tuned model with status, progress and report; a tuning one refreshes until ready; delete works.
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { SETTINGS_PAGE_PATH } from '../../src/server/routes/settings-page.js';
import { startHarness, type Harness } from '../server/harness.js';
import { assertPageBuilt, launchChromium, openPage, pageFaults } from './browser.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let h: Harness;
let browser: Browser;
let key: string;

beforeAll(async () => {
  assertPageBuilt(ROOT);
  h = await startHarness();
  key = (await h.key({ organizationId: 'page-tune-co', rateLimitPerMinute: 1000, rateLimitPerHour: 10_000 })).fullKey;
  await h.key({ organizationId: 'page-other-co' });
  await h.store.createTuning({ name: 'page-ready', organizationId: 'page-tune-co', base: 'tempo' });
  await h.store.finishTuning('page-ready', {
    status: 'ready', config: { model: 'theta' },
    report: { windows: 2, holdout: { tuned: { mase: 0.8125, smape: 9.5 }, base: { mase: 1.25, smape: 12 } }, chosen: 'tuned' },
  });
  await h.store.createTuning({ name: 'page-busy', organizationId: 'page-tune-co', base: 'tempo' });
  await h.store.setTuningProgress('page-busy', 0.4);
  await h.store.createTuning({ name: 'page-foreign', organizationId: 'page-other-co', base: 'tempo' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe('tuned models on the settings page', () => {
  it('shows each tuned model of the organization with status, progress and report, follows a tuning to ready, and deletes', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    // the page's own clock, so the test can move it past the page's polling delay instead of waiting it out
    await page.clock.install();
    await page.goto(h.url + SETTINGS_PAGE_PATH);
    await page.fill('#api-key', key);
    await page.click('#signin-button');
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    const names = await page.locator('#tuned-body tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tuned')));
    expect(names).toEqual(['page-busy', 'page-ready']);
    expect(await page.locator('#tuned-empty').isHidden()).toBe(true);
    const ready = page.locator('#tuned-body tr[data-tuned="page-ready"]');
    await expect(ready.textContent()).resolves.toMatch(/Holdout MASE 0\.813 vs 1\.250.*tuned configuration kept/);
    const busy = page.locator('#tuned-body tr[data-tuned="page-busy"]');
    expect(await busy.getAttribute('data-status')).toBe('tuning');
    expect(await busy.locator('progress').getAttribute('value')).toBe('0.4');
    await expect(busy.textContent()).resolves.toMatch(/40%/);
    // the tuning finishes elsewhere: the page reads the list again, on a timer, while something tunes;
    // a minute on the page's clock fires that timer (once) at once
    await h.store.finishTuning('page-busy', {
      status: 'ready', config: {}, report: { windows: 2, holdout: { tuned: { mase: 1.5, smape: 20 }, base: { mase: 1.5, smape: 20 } }, chosen: 'base' },
    });
    await page.clock.fastForward(60_000);
    await page.locator('#tuned-body tr[data-tuned="page-busy"][data-status="ready"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('#tuned-body tr[data-tuned="page-busy"]').textContent()).resolves.toMatch(/does not beat tempo/);
    // ready models are also in the models table and the playground
    await page.locator('#models-body tr[data-model="page-ready"]').waitFor();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith('/v1/models/page-ready'));
    await page.click('#tuned-body tr[data-tuned="page-ready"] button');
    expect((await deleted).status()).toBe(204);
    await page.locator('#tuned-body tr[data-tuned="page-ready"]').waitFor({ state: 'detached' });
    await page.locator('#models-body tr[data-model="page-ready"]').waitFor({ state: 'detached' });
    expect(await h.store.getTuning('page-ready', 'page-tune-co')).toBeUndefined();
    const faults = pageFaults(watch, h.url);
    await watch.context.close();
    expect(faults).toEqual([]);
  });

  it('runs a backtest from the playground and draws each window from its cutoff', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    await page.goto(h.url + SETTINGS_PAGE_PATH);
    await page.fill('#api-key', key);
    await page.click('#signin-button');
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    const series = Array.from({ length: 48 }, (_, i) => 100 + 10 * Math.sin((2 * Math.PI * i) / 12) + i);
    await page.selectOption('#pg-model', 'tempo');
    await page.fill('#pg-series', series.map((v) => v.toFixed(2)).join(', '));
    await page.fill('#pg-horizon', '6');
    await page.fill('#pg-season', '12');
    await page.fill('#pg-levels', '80');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/tempo/v1/cross-validation'));
    await page.click('#pg-backtest');
    expect(JSON.parse((await posted).postData()!)).toMatchObject({ horizon: 6, windows: 3, season_length: 12, level: [80] });
    await page.waitForFunction(() => /3 windows: MASE \d/.test(document.getElementById('bt-metrics')?.textContent ?? ''));
    await expect(page.locator('#bt-metrics').textContent()).resolves.toMatch(/80% intervals held \d+%/);
    const cutoffs = await page.locator('#bt-chart path.backtest-window').evaluateAll((ps) => ps.map((p) => Number(p.getAttribute('data-cutoff'))));
    expect(cutoffs).toEqual([29, 35, 41]);
    // a series too short says so where the metrics would be
    await page.fill('#pg-series', '1, 2, 3, 4');
    await page.click('#pg-backtest');
    await page.waitForFunction(() => /too short/.test(document.getElementById('bt-metrics')?.textContent ?? ''));
    expect(await page.locator('#bt-chart path').count()).toBe(0);
    const faults = pageFaults(watch, h.url).filter((f) => !/400/.test(f));
    await watch.context.close();
    expect(faults).toEqual([]);
  });
});
