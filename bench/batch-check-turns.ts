// The batch check's longest hold on the event loop: checks the largest dated batch of long series
// the default bounds accept (200 series of 10,000 daily values with their timestamps) three times
// in this process, with monitorEventLoopDelay at 1 ms resolution, and prints each check's time and
// its longest stall. Run: node --import tsx bench/batch-check-turns.ts
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config.js';
import { compileRequests } from '../src/server/schemas/requests.js';
import { checkInSlices } from '../src/server/validation/request-check.js';

const config = loadConfig({}, {});
const check = (body: unknown) => checkInSlices(compileRequests(config).batch, body);
const n = 10_000, count = 200;
const stamps = Array.from({ length: n }, (_, t) => new Date(Date.UTC(1990, 0, 1 + t)).toISOString().slice(0, 10));
const body = {
  horizon: 7,
  series: Array.from({ length: count }, (_, i) => ({ id: `s${i}`, values: Array.from({ length: n }, (_, t) => 100 + ((t * 7 + i) % 13)), timestamps: stamps })),
};
for (let round = 0; round < 3; round++) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const start = performance.now();
  const result = await check(body);
  const ms = performance.now() - start;
  delay.disable();
  if (result.errors.length > 0) throw new Error(`the fixture is refused: ${JSON.stringify(result.errors[0])}`);
  console.log(`check ${ms.toFixed(0)} ms, longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms`);
}
