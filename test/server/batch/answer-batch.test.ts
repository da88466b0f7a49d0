// The batch writer against a sink that stops taking data: scheduling stops at the window, resumes
// on drain, and everything still comes out once, in order; a sink that closes cancels the rest.
import { Writable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createComputePool, type ComputePool } from '../../../src/compute/pool.js';
import { answerBatch } from '../../../src/server/batch/answer-batch.js';
import { GROUP_SERIES } from '../../../src/server/batch/groups.js';
import { compileRequests } from '../../../src/server/schemas/requests.js';
import { checkInSlices } from '../../../src/server/validation/request-check.js';
import { loadConfig } from '../../../src/config/config.js';
import type { BatchRequestBody } from '../../../src/common/types.js';
import { waitFor } from '../../support/wait.js';

let inner: ComputePool;
let scheduled = 0;
let finished = 0;
let pool: ComputePool;
beforeAll(() => {
  inner = createComputePool({ workers: 2, timeoutMs: 10_000 });
  pool = {
    ...inner,
    forecastGroup: (input) => {
      scheduled += input.series.length;
      return inner.forecastGroup(input).finally(() => { finished += input.series.length; });
    },
  };
});
afterAll(async () => { await inner.close(); });

// A sink that holds every write until released, so its buffer fills after the first one.
function heldSink() {
  const held: Array<() => void> = [];
  let text = '';
  let open = true;
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk, _enc, done) {
      text += chunk.toString();
      if (open) held.push(done);
      else done();
    },
  });
  return {
    res: sink as unknown as ServerResponse,
    text: () => text,
    release() { open = false; for (const d of held.splice(0)) d(); },
  };
}

const request = (n: number): BatchRequestBody => ({
  horizon: 2,
  series: Array.from({ length: n }, (_, i) => ({ id: `s${i}`, values: Array.from({ length: 12 + (i % 7) }, (_, t) => 10 + t + (i % 5)) })),
});

const config = loadConfig({}, {});
// the batch check's errors, and the dates it hands on
const check = async (body: unknown) => {
  const { errors, accepted } = await checkInSlices(compileRequests(config).batch, body);
  return { errors, dates: accepted?.dates };
};

// the options the route passes, the dates those its validation hands on
const options = async (req: BatchRequestBody) => ({
  pool, request: req, dates: (await check(req)).dates!, config: {}, modelName: 'tempo', format: 'ndjson' as const, window: 4, requestId: 'req_test',
  begin: () => {}, failure: () => ({ code: 'INTERNAL_ERROR', detail: 'failed' }),
});

describe('answerBatch', () => {
  it('schedules no further than the window while the sink is full, then finishes in order once it drains', async () => {
    const sink = heldSink();
    const req = request(400);
    const before = scheduled;
    const doneBefore = finished;
    const running = answerBatch(sink.res, await options(req));
    // once every group of the window is computed, the writer can only be woken by the sink: with
    // the first group held in it, the second cannot be written and nothing more may be scheduled
    await waitFor('the window computed', () => finished - doneBefore >= 4 * GROUP_SERIES, 20_000);
    await waitFor('the first group written', () => sink.text().split('\n').length - 1 >= GROUP_SERIES);
    // let the completions' wake-ups run: every one of them is a promise callback, all done before the next macrotask
    await new Promise((r) => setImmediate(r));
    expect(scheduled - before).toBe(4 * GROUP_SERIES);
    expect(sink.text().split('\n').length - 1).toBe(GROUP_SERIES);
    sink.release();
    expect(await running).toBe('complete');
    const ids = sink.text().trimEnd().split('\n').map((l) => JSON.parse(l).id);
    expect(ids).toEqual(req.series.map((s) => s.id));
    expect(scheduled - before).toBe(400);
  });

  it('stops scheduling once the sink closes and returns when the groups in flight are done', async () => {
    const sink = heldSink();
    const before = scheduled;
    const running = answerBatch(sink.res, await options(request(1000)));
    await waitFor('the first group written', () => sink.text() !== '', 20_000);
    (sink.res as unknown as Writable).destroy();
    expect(await running).toBe('cancelled');
    expect(scheduled - before).toBeLessThanOrEqual(5 * GROUP_SERIES);
  });
});
