// The README's first forecast and client example are real: the forecast is sent again to a real
// server and must match the README block and chart; the client example is run by plain `node`.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BODY, runExample } from '../../scripts/readme-example/run.js';
import { BEGIN, END, renderBlock, renderSvg, type ForecastAnswer } from '../../scripts/readme-example/render.js';
import { startHarness, type Harness } from '../server/harness.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const STALE = 'the README example is stale: run `npm run readme:example` and commit README.md and docs/first-forecast.svg';

describe('the README first forecast', () => {
  let answer: ForecastAnswer;
  beforeAll(async () => {
    const run = await runExample();
    expect(run.status, run.text).toBe(200);
    expect(run.contentType).toMatch(/^application\/json/);
    answer = JSON.parse(run.text) as ForecastAnswer;
  });

  it('shows the answer the server gives today', () => {
    const start = README.indexOf(BEGIN);
    const end = README.indexOf(END);
    expect(start, 'README.md lost its readme-example markers').toBeGreaterThanOrEqual(0);
    expect(README.slice(start, end + END.length), STALE).toBe(renderBlock(answer));
  });

  it('draws the same answer in docs/first-forecast.svg', () => {
    expect(readFileSync(join(ROOT, 'docs', 'first-forecast.svg'), 'utf8'), STALE).toBe(renderSvg(EXAMPLE_BODY.series, answer));
  });

  it('shows every forecast value with its interval around it', () => {
    expect(answer.forecast).toHaveLength(EXAMPLE_BODY.horizon);
    const band = answer.intervals?.['95'];
    expect(band).toBeDefined();
    answer.forecast.forEach((f, i) => {
      expect(band!.lower[i]).toBeLessThan(f);
      expect(band!.upper[i]).toBeGreaterThan(f);
    });
  });
});

// The examples are taken from the documents themselves, so editing them there is what gets tested.
function jsBlockAfter(text: string, marker: string, where: string): string {
  const match = new RegExp(`${marker}[\\s\\S]*?\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (match === null) throw new Error(`${where} has no JavaScript example after "${marker}"`);
  return match[1];
}

describe('the client examples', () => {
  let server: Harness;
  // inside the package, so `tempo-forecast/client` resolves to this checkout's build by name
  const dir = join(ROOT, 'test-artifacts', `readme-client-${process.pid}`);
  beforeAll(async () => { server = await startHarness(); mkdirSync(dir, { recursive: true }); });
  afterAll(async () => { await server?.close(); rmSync(dir, { recursive: true, force: true }); });

  async function runWithNode(name: string, code: string): Promise<string> {
    expect(code).toContain("'http://127.0.0.1:8080'");
    const file = join(dir, name);
    writeFileSync(file, code.replace("'http://127.0.0.1:8080'", JSON.stringify(server.url)));
    const { fullKey } = await server.key({ name });
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      cwd: dir,
      env: { PATH: process.env.PATH, TEMPO_API_KEY: fullKey },
    });
    return stdout;
  }

  it("README's is JavaScript that plain node runs against a real server", async () => {
    const stdout = await runWithNode('readme.mjs', jsBlockAfter(README, 'From JavaScript', 'README.md'));
    // console.log of [f1, f2, f3] and the { lower, upper } band
    expect(stdout).toMatch(/^\[ [\d.]+, [\d.]+, [\d.]+ \]/);
    expect(stdout).toMatch(/lower: \[/);
    expect(stdout).toMatch(/upper: \[/);
  });

  it("docs/client.md's runs the same way", async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'client.md'), 'utf8');
    const stdout = await runWithNode('client-doc.mjs', jsBlockAfter(doc, '## Example', 'docs/client.md'));
    // the forecast, the 95% band and the remaining minute quota (the key's default 60, less this call)
    expect(stdout).toMatch(/^\[ [\d.]+, [\d.]+, [\d.]+ \]/);
    expect(stdout).toMatch(/lower: \[/);
    expect(stdout.trim()).toMatch(/ 59$/);
  });

  it("docs/core.md's runs the core under plain node, without a server", async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'core.md'), 'utf8');
    const file = join(dir, 'core-doc.mjs');
    writeFileSync(file, jsBlockAfter(doc, '## Using it without the server', 'docs/core.md'));
    const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: dir, env: { PATH: process.env.PATH } });
    expect(stdout).toMatch(/^\[ [\d.]+, [\d.]+, [\d.]+ \]/);
    expect(stdout).toMatch(/lower: /);
    expect(stdout).toMatch(/\[ '[a-z]/);
  });
});
