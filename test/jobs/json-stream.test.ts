// The JSON job body read as it arrives: fields, then each series on its own, in pieces cut anywhere.
import { describe, expect, it } from 'vitest';
import { jsonBodyEvents, type JsonBodyEvent } from '../../src/jobs/json-stream.js';
import { ApiError } from '../../src/server/errors.js';

async function events(text: string, piece = 3): Promise<JsonBodyEvent[]> {
  async function* pieces() { for (let at = 0; at < text.length; at += piece) yield text.slice(at, at + piece); }
  const out: JsonBodyEvent[] = [];
  for await (const e of jsonBodyEvents(pieces())) out.push(e);
  return out;
}

async function refusal(text: string): Promise<ApiError> {
  try {
    await events(text);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('the JSON job body, streamed', () => {
  it('gives the fields, then each series, whatever the pieces and the strings in it hold', async () => {
    const body = { horizon: 3, level: [80, 95], freq: 'P1M', series: [{ id: 'a ] } , " \\ [ {', values: [1, null, 3] }, { id: 'b', values: [4, 5], timestamps: ['2024-01-01', '2024-02-01'] }] };
    for (const text of [JSON.stringify(body), JSON.stringify(body, null, 2)]) {
      for (const piece of [1, 2, 7, 1000]) {
        expect(await events(text, piece)).toEqual([
          { kind: 'field', name: 'horizon', value: 3 },
          { kind: 'field', name: 'level', value: [80, 95] },
          { kind: 'field', name: 'freq', value: 'P1M' },
          { kind: 'series' },
          { kind: 'item', value: body.series[0] },
          { kind: 'item', value: body.series[1] },
        ]);
      }
    }
    expect(await events('{"horizon":1,"series":[]}')).toEqual([{ kind: 'field', name: 'horizon', value: 1 }, { kind: 'series' }]);
  });

  it('marks an element that is not JSON, and goes on', async () => {
    expect(await events('{"series":[{"id":"a","values":[1]},{"id": nope},3]}')).toEqual([
      { kind: 'series' }, { kind: 'item', value: { id: 'a', values: [1] } }, { kind: 'bad-item', index: 1 }, { kind: 'item', value: 3 },
    ]);
  });

  it('refuses what is not a batch body, saying where', async () => {
    expect((await refusal('[1,2]')).detail).toMatch(/JSON object/);
    expect((await refusal('{"series":[{"id":"a","values":[1]}],"horizon":2}')).detail).toMatch(/before "series"/);
    expect((await refusal('{"horizon":2}')).errors?.[0].pointer).toBe('/series');
    expect((await refusal('{"series":{"a":1}}')).errors?.[0].pointer).toBe('/series');
    expect((await refusal('{"series":[{"id":"a","values":[1]}')).detail).toMatch(/ended/);
    expect((await refusal('{"horizon":2,,"series":[]}')).detail).toMatch(/member name/);
    expect((await refusal('{"horizon":2,"series":[]} x')).detail).toMatch(/after the object/);
  });
});
