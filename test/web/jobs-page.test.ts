// The settings page's jobs card in a real headless Chromium against real servers: each job of the
// organization with status, progress bar and created time; a queued job followed on a timer and
// cancelled with its button; a succeeded job's results downloaded through the link, byte for byte
// what the API answers; no other organization's job shown.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../src/config/config.js';
import { SETTINGS_PAGE_PATH } from '../../src/server/routes/settings-page.js';
import { TempoClient } from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { assertPageBuilt, launchChromium, openPage, pageFaults } from './browser.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let working: Harness;
let idle: Harness;
let browser: Browser;

const month = (t: number) => `${2018 + Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;
const series = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, values: seasonal(28 + i), timestamps: seasonal(28 + i).map((_, t) => month(t)) }));

beforeAll(async () => {
  assertPageBuilt(ROOT);
  working = await startHarness();
  const base = loadConfig({}, {});
  // accepts jobs and runs none, so a job stays queued while the page looks at it
  idle = await startHarness({ config: { jobs: { ...base.jobs, workers: 0 } } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await working?.close();
  await idle?.close();
});

async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(url + SETTINGS_PAGE_PATH);
  await page.fill('#api-key', key);
  await page.click('#signin-button');
  await page.locator('#signed-in').waitFor({ state: 'visible' });
}

describe('jobs on the settings page', () => {
  it('downloads a succeeded job\'s results through its link, as the API answers them, and shows no other organization\'s job', async () => {
    const key = (await working.key({ organizationId: 'page-jobs', rateLimitPerMinute: 1000, rateLimitPerHour: 10_000 })).fullKey;
    const client = new TempoClient({ apiKey: key, baseUrl: working.url });
    const job = await client.createJob({ horizon: 3, level: [95], series: series(4) });
    await client.waitForJob(job.id, { intervalMs: 20 });
    const other = new TempoClient({ apiKey: (await working.key({ organizationId: 'page-jobs-other' })).fullKey, baseUrl: working.url });
    const foreign = await other.createJob({ horizon: 2, series: series(1) });

    const watch = await openPage(browser);
    const { page } = watch;
    await signIn(page, working.url, key);
    const row = page.locator(`#jobs-body tr[data-job="${job.id}"]`);
    await row.waitFor();
    expect(await page.locator('#jobs-body tr').count()).toBe(1);
    expect(await page.locator(`#jobs-body tr[data-job="${foreign.id}"]`).count()).toBe(0);
    expect(await page.locator('#jobs-empty').isHidden()).toBe(true);
    expect(await row.getAttribute('data-status')).toBe('succeeded');
    await expect(row.textContent()).resolves.toMatch(/4 of 4 series \(100%\)/);
    expect(await row.locator('progress').getAttribute('value')).toBe('4');
    expect(await row.locator('progress').getAttribute('max')).toBe('4');
    expect(await row.locator('time').getAttribute('datetime')).toBe(job.createdAt.toISOString());
    // a finished job has nothing to cancel
    expect(await row.locator('button[data-action="cancel"]').count()).toBe(0);

    const download = page.waitForEvent('download');
    await row.locator('a[data-action="results"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${job.id}.csv`);
    const saved = readFileSync((await file.path())!, 'utf8');
    const direct = await (await fetch(`${working.url}/v1/jobs/${job.id}/results`, { headers: { Authorization: `Bearer ${key}`, Accept: 'text/csv' } })).text();
    expect(saved).toBe(direct);
    expect(saved.split('\n')[0]).toBe('unique_id,ds,forecast,lo-95,hi-95');
    // the key went only in the header
    const results = watch.requests.filter((r) => r.url.endsWith(`/v1/jobs/${job.id}/results`));
    expect(results.map((r) => r.headers.authorization)).toEqual([`Bearer ${key}`]);
    const faults = pageFaults(watch, working.url);
    await watch.context.close();
    expect(faults).toEqual([]);
  });

  it('follows a queued job on a timer and cancels it with its button', async () => {
    const key = (await idle.key({ organizationId: 'page-jobs-idle', rateLimitPerMinute: 1000, rateLimitPerHour: 10_000 })).fullKey;
    const client = new TempoClient({ apiKey: key, baseUrl: idle.url });
    const first = await client.createJob({ horizon: 2, series: series(3) });

    const watch = await openPage(browser);
    const { page } = watch;
    // the page's own clock, so the test moves it past the polling delay instead of waiting it out
    await page.clock.install();
    await signIn(page, idle.url, key);
    const row = page.locator(`#jobs-body tr[data-job="${first.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('queued');
    await expect(row.textContent()).resolves.toMatch(/0 of 3 series \(0%\)/);
    expect(await row.locator('a[data-action="results"]').count()).toBe(0);

    // a job created elsewhere shows up at the next look, newest first
    const second = await client.createJob({ horizon: 2, series: series(2) });
    await page.clock.fastForward(3_000);
    await page.locator(`#jobs-body tr[data-job="${second.id}"]`).waitFor();
    expect(await page.locator('#jobs-body tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-job')))).toEqual([second.id, first.id]);

    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/v1/jobs/${first.id}`));
    await row.locator('button[data-action="cancel"]').click();
    expect((await deleted).status()).toBe(204);
    await page.locator(`#jobs-body tr[data-job="${first.id}"][data-status="cancelled"]`).waitFor();
    expect(await page.locator(`#jobs-body tr[data-job="${first.id}"] button`).count()).toBe(0);
    expect((await client.getJob(first.id)).status).toBe('cancelled');
    await expect(page.locator('#status').textContent()).resolves.toContain(`Cancelled job ${first.id}`);
    const faults = pageFaults(watch, idle.url);
    await watch.context.close();
    expect(faults).toEqual([]);
  });
});
