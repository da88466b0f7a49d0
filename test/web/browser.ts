// A real headless Chromium for the page tests (Debian's package, driven by playwright-core), and
// the checks every browser test shares: only this server was contacted, no CSP violation, no page error.
import { existsSync } from 'node:fs';
import { assertBuilt } from '../support/built.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Fails with a message saying how to install Chromium when it is missing, instead of skipping. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`the settings page browser tests need Chromium at ${CHROMIUM_PATH}, which is missing; `
      + 'install it with: apt-get update && apt-get install -y chromium (.ci/run does this in CI)');
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Throws unless dist/ was compiled from src/ as it is now, so the browser never tests a stale build. */
export function assertPageBuilt(root: string): void {
  assertBuilt(root, 'dist/ is missing or was not compiled from src/ as it is now, so the page modules would be stale; run `npm run build` (npm test does)');
}

/** What a page did that the tests check after each scenario. */
export interface PageWatch {
  page: Page;
  context: BrowserContext;
  requests: Array<{ method: string; url: string; headers: Record<string, string>; body: string | null }>;
  problems: string[];
}

/** A fresh context (own sessionStorage, no cookies) and page, recording requests and errors. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<PageWatch> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const watch: PageWatch = { page, context, requests: [], problems: [] };
  context.on('request', (r) => {
    watch.requests.push({ method: r.method(), url: r.url(), headers: r.headers(), body: r.postData() });
  });
  page.on('pageerror', (e) => watch.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // a refused key shows up as a failed resource load; that is the scenario, not a fault
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) watch.problems.push(`console: ${m.text()}`);
    if (/Content Security Policy/i.test(m.text())) watch.problems.push(`csp: ${m.text()}`);
  });
  return watch;
}

/** Requests to anywhere but `origin` (data: URLs aside) and errors in the page; empty when all is well. */
export function pageFaults(watch: PageWatch, origin: string): string[] {
  const foreign = watch.requests.map((r) => r.url).filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
  return [...foreign.map((u) => `foreign request: ${u}`), ...watch.problems];
}
