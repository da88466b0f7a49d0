// The playground's anomaly check in a real headless Chromium against a real server: the request
// it sends and the flagged values marked on the history.
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
  key = (await h.key({ organizationId: 'page-anomaly-co', rateLimitPerMinute: 1000, rateLimitPerHour: 10_000 })).fullKey;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe('anomalies in the playground', () => {
  it('sends the series at level 99 and marks the spike on the history', async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    await page.goto(h.url + SETTINGS_PAGE_PATH);
    await page.fill('#api-key', key);
    await page.click('#signin-button');
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    const series = Array.from({ length: 48 }, (_, i) => 100 + 10 * Math.sin((2 * Math.PI * i) / 12) + i + ((i * 7) % 5) * 0.3);
    series[30] += 60;
    await page.selectOption('#pg-model', 'tempo');
    await page.fill('#pg-series', series.map((v) => v.toFixed(2)).join(', '));
    await page.fill('#pg-horizon', '6');
    await page.fill('#pg-season', '12');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/tempo/v1/anomalies'));
    await page.click('#pg-anomalies');
    expect(JSON.parse((await posted).postData()!)).toMatchObject({ level: 99, season_length: 12 });
    await page.waitForFunction(() => /outside the 99% one-step-ahead interval/.test(document.getElementById('an-text')?.textContent ?? ''));
    const marked = await page.locator('#an-chart circle.anomaly').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-index'))));
    expect(marked).toContain(30);
    expect(await page.locator('#an-chart path.history').count()).toBe(1);
    const faults = pageFaults(watch, h.url);
    await watch.context.close();
    expect(faults).toEqual([]);
  });
});
