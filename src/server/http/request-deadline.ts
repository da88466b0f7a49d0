// How long a caller may take to send a request body. Node's own `requestTimeout` is one number for
// every route, so a job upload of gigabytes would need it set to hours, which hands a slow sender on
// every other route the same hours. Here a body gets the request timeout, and a long upload gets it
// plus the time its bytes so far would take at a minimum rate: it lives as long as it keeps sending.

/** What the sweep remembers of one request whose body has not all arrived. */
export interface BodyWatch {
  /** When the request was admitted (its headers had arrived). */
  startedAt: number;
  /** The socket's `bytesRead` at admission (a keep-alive socket has carried earlier requests). */
  bytesAtStart: number;
  /** Whether the route takes uploads (a job), which are allowed to take as long as they keep sending. */
  upload: boolean;
}

/** Bounds for request bodies, from the configuration. */
export interface BodyDeadlines {
  /** Time any request has to send its whole body. */
  requestTimeoutMs: number;
  /** Rate an upload must keep, on average, past its first `requestTimeoutMs`. */
  uploadMinBytesPerSecond: number;
}

/** The instant after which the request's body is late, given the socket's `bytesRead` now. */
export function bodyDeadline(watch: BodyWatch, bytesRead: number, limits: BodyDeadlines): number {
  if (!watch.upload) return watch.startedAt + limits.requestTimeoutMs;
  const sent = Math.max(0, bytesRead - watch.bytesAtStart);
  return watch.startedAt + limits.requestTimeoutMs + (sent / limits.uploadMinBytesPerSecond) * 1000;
}

/** Whether `method` and `url` name a route whose body is a long upload (creating a job). */
export function isUploadRoute(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'POST' || url === undefined) return false;
  const path = url.split('?', 1)[0]!;
  return /^\/[^/]+\/v1\/jobs\/?$/.test(path);
}
