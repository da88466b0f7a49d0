// What the client tests share: a fetch that records what went over the wire (it still calls the
// real global fetch) and a sleep that records each wait the client asked for (and still waits).
import { sleep } from '../../packages/client/src/abortable.js';
import type { FetchLike } from '@tempo-forecast/client';

export interface Exchange {
  url: string;
  method: string;
  status: number | 'no answer';
  retryAfter: string | null;
  /** The request body as sent, when there was one. */
  body: string | undefined;
}

/** The global fetch, recording every request and its status / Retry-After; `onAnswer` runs after each. */
export function recordingFetch(onAnswer?: (e: Exchange) => void): { fetch: FetchLike; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const wrapped: FetchLike = async (url, init) => {
    const body = typeof init.body === 'string' ? init.body : undefined;
    const e: Exchange = { url, method: init.method ?? 'GET', status: 'no answer', retryAfter: null, body };
    exchanges.push(e);
    const res = await fetch(url, init);
    e.status = res.status;
    e.retryAfter = res.headers.get('retry-after');
    onAnswer?.(e);
    return res;
  };
  return { fetch: wrapped, exchanges };
}

/** The client's own sleep, recording each requested wait in ms. */
export function recordingSleep(): { sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { sleep: (ms, signal) => { waits.push(ms); return sleep(ms, signal); }, waits };
}

/** The rejection of `p`, failing the test when it resolves. */
export async function rejectionOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** The global fetch, keeping each request body; `cut` ends the streamed answer of attempt `cut.attempt` after `cut.lines` lines. */
export function watchedFetch(cut?: { attempt: number; lines: number }): { fetch: FetchLike; bodies: string[] } {
  const bodies: string[] = [];
  const wrapped: FetchLike = async (url, init) => {
    bodies.push(String(init.body));
    const res = await fetch(url, init);
    if (!cut || bodies.length !== cut.attempt || res.body === null) return res;
    const reader = res.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) { controller.close(); return; }
        const text = new TextDecoder().decode(value);
        let keep = 0;
        for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
          seen += 1;
          keep = at + 1;
          if (seen === cut.lines) {
            controller.enqueue(value.subarray(0, keep));
            await reader.cancel();
            controller.error(new TypeError('terminated'));
            return;
          }
        }
        controller.enqueue(value);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch: wrapped, bodies };
}
