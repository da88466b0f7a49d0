// The page's calls to its own server: the key goes only in the Authorization header, and every
// failure comes back as an ApiFailure holding a Problem the page can show.
import { problemFromAnswer, problemMessage, type Problem } from './problem.js';

/** A failed call; `message` is the readable text, `problem` the parts. */
export class ApiFailure extends Error {
  constructor(readonly problem: Problem) {
    super(problemMessage(problem));
    this.name = 'ApiFailure';
  }
}

/** GETs (or POSTs `body` as JSON to, or DELETEs) a path on this origin with the key as Bearer; resolves with the parsed 2xx body (undefined for a 204). */
export async function callApi<T>(path: string, key: string, body?: unknown, method?: 'DELETE'): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // the key is sent explicitly; nothing ambient (cookies, HTTP auth) should ride along
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiFailure({ status: 0, code: 'NETWORK_ERROR' });
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!res.ok) throw new ApiFailure(problemFromAnswer(res.status, res.headers, parsed));
  if (res.status === 204) return undefined as T;
  if (parsed === undefined) {
    throw new ApiFailure({ status: res.status, code: 'BAD_RESPONSE', requestId: res.headers.get('X-Request-Id') ?? undefined });
  }
  return parsed as T;
}

/**
 * GETs `path` with the key as Bearer and hands the answer to the browser as a download named
 * `filename` (the key cannot ride on a plain link); throws ApiFailure for an error answer.
 */
export async function downloadApi(path: string, key: string, accept: string, filename: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Authorization: `Bearer ${key}`, Accept: accept }, credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' });
  } catch {
    throw new ApiFailure({ status: 0, code: 'NETWORK_ERROR' });
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw new ApiFailure(problemFromAnswer(res.status, res.headers, parsed));
  }
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // the click has started the download; the blob is not needed after this turn
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
