// `node --import tsx bench/tuning-load.ts [--series 1000] [--callers 4] [--rate 0]`: tunes a model on N
// monthly series over real HTTP (dev Monthly train parts, each copied with a seeded scale and noise)
// while other organizations' callers send forecasts: in a closed loop (each caller sends its next
// forecast when the last is answered, so the callers keep every worker busy), or with `--rate R`,
// R forecasts a second at fixed times whatever the answers (callers arriving on their own, as a
// service sees them). Prints tuning time and the callers' latency percentiles, with a baseline run
// of the same callers without tuning first.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config.js';
import { parseEvalArgs } from '../eval/args.js';
import { createApiKey } from '../src/keys/create.js';
import { createMemoryLimits } from '../src/limits/memory.js';
import { openStore } from '../src/store/open.js';
import { createLogger, startServer } from '../src/server/listen.js';
import { quantile } from '../src/metrics/index.js';
import { parseCsv } from '../eval/csv.js';
import { seasonalSeries } from './fixtures.js';

const { values: args } = parseArgs({ options: { series: { type: 'string' }, callers: { type: 'string' }, baseline: { type: 'string' }, rate: { type: 'string' } } });
const N = Number(args.series ?? 1000);
const RATE = Number(args.rate ?? 0);
// at a rate, each caller (key) has one forecast in flight at most, as the API allows: enough for bursts
const CALLERS = Number(args.callers ?? (RATE > 0 ? 64 : 4));
const BASELINE_MS = Number(args.baseline ?? 10_000);

// a small seeded generator, so every run tunes on the same series
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

// monthly series from the folder `npm run eval` reads by default
const evalDir = parseEvalArgs([], join(import.meta.dirname, '..')).data;
const rows = parseCsv(readFileSync(join(evalDir, 'Monthly.csv'), 'utf8'), 'Monthly.csv');
const rand = rng(7);
const series = Array.from({ length: N }, (_, i) => {
  const r = rows[i % rows.length];
  const scale = 0.5 + rand();
  return { id: `m${i}`, values: r.train.map((v) => v * scale * (1 + 0.02 * (rand() - 0.5))) };
});

const dataDir = mkdtempSync(join(tmpdir(), 'tempo-tuning-load-'));
const config = { ...loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dataDir }, {}), workers: 2, logLevel: 'warn' as const };
const store = await openStore(config);
const limits = createMemoryLimits();
const server = await startServer({ config, store, limits, logger: createLogger('warn') });
const mk = async (org: string) => (await createApiKey(store, { organizationId: org, projectId: 'p', userId: 'u', name: 'bench', rateLimitPerMinute: 1_000_000, rateLimitPerHour: 1_000_000 }, config.keyPepper)).fullKey;
const tuner = await mk('tuning-org');
const callerKeys = await Promise.all(Array.from({ length: CALLERS }, (_, i) => mk(`caller-${i}`)));
const y = Array.from(seasonalSeries(100));

// one caller's forecast; its latency in ms
async function forecastOnce(key: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/tempo/v1/forecast`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ series: y, horizon: 12 }) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`forecast answered ${res.status}`);
  return performance.now() - t0;
}

// callers until `stop()`, closed-loop or at RATE a second (each key in turn); latencies in ms
function callers(): { stop: () => Promise<number[]> } {
  let running = true;
  const lat: number[] = [];
  if (RATE > 0) {
    const inFlight = new Set<Promise<void>>();
    const t0 = performance.now();
    let sent = 0;
    const idle = [...callerKeys];
    // sends are due at fixed times; a late tick sends every one it missed
    const timer = setInterval(() => {
      while (running && sent < ((performance.now() - t0) / 1000) * RATE) {
        const key = idle.pop();
        if (key === undefined) throw new Error(`all ${CALLERS} callers are waiting for an answer: raise --callers`);
        const p: Promise<void> = forecastOnce(key).then((ms) => { lat.push(ms); }).finally(() => { idle.push(key); inFlight.delete(p); });
        inFlight.add(p);
        sent += 1;
      }
    }, 2);
    return { stop: async () => { running = false; clearInterval(timer); await Promise.all(inFlight); return lat; } };
  }
  const loops = callerKeys.map(async (key) => {
    while (running) lat.push(await forecastOnce(key));
  });
  return { stop: async () => { running = false; await Promise.all(loops); return lat; } };
}
const pct = (xs: number[]) => `n=${xs.length} p50=${quantile(xs, 0.5).toFixed(1)} ms p99=${quantile(xs, 0.99).toFixed(1)} ms max=${Math.max(...xs).toFixed(1)} ms`;

const base = callers();
await new Promise((r) => setTimeout(r, BASELINE_MS));
const baseLat = await base.stop();
const who = RATE > 0 ? `${RATE} forecasts/s from ${CALLERS} callers` : `${CALLERS} closed-loop callers`;
console.log(`baseline, ${who}, no tuning: ${pct(baseLat)}`);

const load = callers();
const t0 = performance.now();
const res = await fetch(`${server.url}/v1/models`, { method: 'POST', headers: { Authorization: `Bearer ${tuner}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'bench-tuned', training: { horizon: 18, series } }) });
if (res.status !== 202) throw new Error(`POST /v1/models answered ${res.status}: ${await res.text()}`);
let model;
for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  model = await (await fetch(`${server.url}/v1/models/bench-tuned`, { headers: { Authorization: `Bearer ${tuner}` } })).json();
  if (model.status !== 'tuning') break;
}
const secs = (performance.now() - t0) / 1000;
const loadLat = await load.stop();
console.log(`tuning ${N} monthly series: ${model.status} in ${secs.toFixed(1)} s, chose ${model.report?.chosen} ${JSON.stringify(model.config)}, holdout MASE tuned ${model.report?.holdout.tuned.mase?.toFixed(3)} / base ${model.report?.holdout.base.mase?.toFixed(3)}`);
console.log(`during tuning, ${who}: ${pct(loadLat)}`);
await server.close();
await limits.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
