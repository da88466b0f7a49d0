// The job calls' pure parts: the query a job's settings become, the upload body each kind of input
// becomes (and its gzip), a job body read into a Job, the poll pacing, and lines split from chunks.
import { describe, expect, it } from 'vitest';
import { jobPath, jobQuery, jobResult, pollDelayMs, replayable, uploadBody, gzipped } from '../../packages/client/src/jobs.js';
import { linesOf } from '../../packages/client/src/read-lines.js';

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function* chunks(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield p;
}

describe('job settings as a query', () => {
  it('sends what was given, in the API\'s names, and nothing else', () => {
    expect(jobQuery({ horizon: 12 })).toBe('horizon=12');
    const q = new URLSearchParams(jobQuery({ horizon: 6, level: [80, 95], quantiles: [0.1, 0.9], freq: 'P1M', seasonLength: 12, fitted: true, holidays: 'AU-VIC', onInvalid: 'skip' }));
    expect([...q]).toEqual([['horizon', '6'], ['level', '80'], ['level', '95'], ['quantiles', '0.1'], ['quantiles', '0.9'], ['freq', 'P1M'],
      ['season_length', '12'], ['fitted', 'true'], ['holidays', 'AU-VIC'], ['on_invalid', 'skip']]);
  });

  it('refuses a missing horizon and an unknown on_invalid before anything is sent', () => {
    expect(() => jobQuery({} as never)).toThrow(TypeError);
    expect(() => jobQuery({ horizon: 3, onInvalid: 'drop' as never })).toThrow(/onInvalid must be 'fail' or 'skip'/);
  });

  it('puts an id in the path only when it is one', () => {
    expect(jobPath('job_01JD9x')).toBe('/v1/jobs/job_01JD9x');
    for (const bad of ['', '../models', 'a b', 'x/y']) expect(() => jobPath(bad), bad).toThrow(TypeError);
  });
});

describe('the upload body', () => {
  it('turns series objects into NDJSON lines, pulled one by one', async () => {
    let pulled = 0;
    function* series() {
      for (let i = 0; i < 3; i++) { pulled += 1; yield { id: `s${i}`, values: [1, null, i], timestamps: ['2024-01-31', '2024-02-29', '2024-03-31'] }; }
    }
    const { contentType, body } = uploadBody({ series: series() });
    expect(contentType).toBe('application/x-ndjson');
    // nothing is read before the connection asks for it
    expect(pulled).toBe(0);
    const lines = (await text(body)).trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([0, 1, 2].map((i) => ({ id: `s${i}`, values: [1, null, i], timestamps: ['2024-01-31', '2024-02-29', '2024-03-31'] })));
  });

  it('refuses a series value JSON cannot carry, naming its place', async () => {
    const { body } = uploadBody({ series: [{ id: 'a', values: [1] }, { id: 'b', values: [1, Infinity] }] });
    await expect(text(body)).rejects.toThrow('series[1] (id "b").values[1] is not finite');
  });

  it('sends a CSV or NDJSON given as a string, bytes, a Blob, chunks or a stream, unchanged and in slices of at most 64 KiB', async () => {
    const csv = 'unique_id,ds,y\na,2024-01-31,1\n';
    for (const src of [csv, new TextEncoder().encode(csv), new Blob([csv]), ['unique_id,ds,y\n', new TextEncoder().encode('a,2024-01-31,1\n')],
      new Response(csv).body!]) {
      const { contentType, body } = uploadBody({ csv: src });
      expect(contentType).toBe('text/csv');
      expect(await text(body)).toBe(csv);
    }
    const big = 'x'.repeat(200_000);
    const reader = uploadBody({ ndjson: big }).body.getReader();
    const sizes: number[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) sizes.push(r.value.length);
    expect(sizes).toEqual([65536, 65536, 65536, 200_000 - 3 * 65536]);
  });

  it('gzips a stream that inflates back to the same bytes', async () => {
    const csv = `unique_id,ds,y\n${Array.from({ length: 2000 }, (_, i) => `s${i % 7},2024-01-31,${i}`).join('\n')}\n`;
    const zipped = new Uint8Array(await new Response(gzipped(uploadBody({ csv }).body)).arrayBuffer());
    expect([zipped[0], zipped[1]]).toEqual([0x1f, 0x8b]);
    expect(zipped.length).toBeLessThan(csv.length / 3);
    expect(await text(new Response(zipped).body!.pipeThrough(new DecompressionStream('gzip')))).toBe(csv);
  });

  it('reads the input only as fast as the gzipped bytes are taken', async () => {
    let pulled = 0;
    // 2,000 slices of 64 KiB that compress poorly, as real numbers do
    function* slices() {
      let x = 12345;
      for (let i = 0; i < 2000; i++) {
        pulled += 1;
        const b = new Uint8Array(65536);
        for (let j = 0; j < b.length; j++) { x = (x * 1103515245 + 12345) >>> 0; b[j] = 48 + (x >>> 28); }
        yield b;
      }
    }
    const reader = gzipped(uploadBody({ csv: slices() }).body).getReader();
    expect((await reader.read()).done).toBe(false);
    // however long the reader pauses, the compressor is not fed more than its next output needs
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pulled).toBeLessThan(50);
    await reader.cancel();
  });

  it('knows which inputs can be sent twice', () => {
    expect(replayable({ series: [{ id: 'a', values: [1] }] })).toBe(true);
    expect(replayable({ series: (function* () { yield { id: 'a', values: [1] }; })() })).toBe(false);
    expect(replayable({ csv: 'a' })).toBe(true);
    expect(replayable({ csv: new Response('a').body! })).toBe(false);
  });

  it('needs one input', () => {
    expect(() => uploadBody({} as never)).toThrow(/series .*csv or ndjson/);
  });
});

describe('a job body', () => {
  it('is read into dates, progress and errors; absent times stay absent', () => {
    const job = jobResult({
      id: 'job_1', model: 'tempo', status: 'running', progress: { series: 10, done: 4, failed: 1 },
      created_at: '2026-11-26T18:00:00.000Z', started_at: '2026-11-26T18:00:01.000Z',
      errors: [{ id: 'b', code: 'REQUEST_INVALID', detail: 'values[2] is not a number' }], errors_total: 4,
    }, 'req_1');
    expect(job.createdAt.toISOString()).toBe('2026-11-26T18:00:00.000Z');
    expect(job.startedAt?.toISOString()).toBe('2026-11-26T18:00:01.000Z');
    expect('finishedAt' in job).toBe(false);
    expect(job.progress).toEqual({ series: 10, done: 4, failed: 1 });
    expect(job.errors).toEqual([{ id: 'b', code: 'REQUEST_INVALID', detail: 'values[2] is not a number' }]);
    expect([job.errorsTotal, job.requestId]).toEqual([4, 'req_1']);
  });
});

describe('poll pacing', () => {
  const pacing = { intervalMs: 1000, maxIntervalMs: 10_000, maxRetryAfterSeconds: 60 };

  it('grows by half each poll up to its ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((k) => pollDelayMs(k, undefined, pacing))).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 10_000, 10_000, 10_000]);
  });

  it('follows the server\'s Retry-After, capped', () => {
    expect(pollDelayMs(0, 3, pacing)).toBe(3000);
    expect(pollDelayMs(9, 0.5, pacing)).toBe(500);
    expect(pollDelayMs(0, 3600, pacing)).toBe(60_000);
  });
});

describe('lines from chunks', () => {
  it('splits lines across chunk boundaries and multi-byte characters, keeping a last unterminated line', async () => {
    const bytes = new TextEncoder().encode('{"id":"é"}\n\n{"id":"b"}\n{"id":"c"}');
    const parts = [bytes.subarray(0, 8), bytes.subarray(8, 9), bytes.subarray(9, 15), bytes.subarray(15)];
    const out: string[] = [];
    for await (const line of linesOf(chunks(parts))) out.push(line);
    expect(out).toEqual(['{"id":"é"}', '{"id":"b"}', '{"id":"c"}']);
  });
});
