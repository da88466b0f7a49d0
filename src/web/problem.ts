// Turns any failed API answer into one readable message: what happened, in the page's words, plus
// the server's own detail, code and request id so a person can act on it or report it.

/** A failed call as the page shows it. */
export interface Problem {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** The problem+json `code`, or a page-side code (NETWORK_ERROR, BAD_RESPONSE). */
  code: string;
  /** The server's `detail`, when it sent one. */
  detail?: string;
  requestId?: string;
  /** Seconds to wait before retrying (problem `retry_after` or the Retry-After header). */
  retryAfter?: number;
  errors?: Array<{ pointer: string; detail: string }>;
}

function retryText(p: Problem): string {
  return p.retryAfter !== undefined ? ` Try again in ${p.retryAfter} s.` : ' Try again shortly.';
}

// The page's lead sentence per code; the server's detail follows it.
const LEADS: Record<string, (p: Problem) => string> = {
  API_KEY_INVALID: () => 'This API key was not recognised: it is mistyped, incomplete or does not exist.',
  API_KEY_INACTIVE: () => 'This API key is disabled. Ask an administrator to enable it, or use another key.',
  API_KEY_EXPIRED: () => 'This API key has expired. Create a new key and sign in with it.',
  REQUEST_INVALID: () => 'The forecast request was refused as invalid.',
  MODEL_NOT_AVAILABLE: () => 'This model is not available to your organization.',
  NOT_FOUND: () => 'The server does not know this address.',
  METHOD_NOT_ALLOWED: () => 'The server does not accept this kind of request here.',
  FORECAST_ALREADY_RUNNING: (p) => `A forecast with this key is already running.${retryText(p)}`,
  API_USAGE_LIMIT: (p) => `This key has used up its request quota.${retryText(p)}`,
  INTERNAL_ERROR: () => 'The server failed while answering.',
  SERVICE_UNAVAILABLE: (p) => `The service is unavailable for the moment.${retryText(p)}`,
  NETWORK_ERROR: () => 'The server could not be reached. Check the connection and try again.',
  BAD_RESPONSE: () => 'The server sent an answer this page cannot read.',
};

function statusLead(status: number): string {
  if (status === 401) return 'The API key was refused.';
  if (status === 429) return 'Too many requests.';
  if (status >= 500) return `The server failed (HTTP ${status}).`;
  return `The request failed (HTTP ${status}).`;
}

/** The page's sentence for a problem, followed by the server's detail and any field errors. */
export function problemMessage(p: Problem): string {
  const lead = LEADS[p.code]?.(p) ?? statusLead(p.status);
  const fields = (p.errors ?? []).map((e) => `${e.pointer || '(body)'}: ${e.detail}`);
  const detail = p.detail ? ` Server says: ${p.detail}${/[.!?]$/.test(p.detail) ? '' : '.'}` : '';
  return `${lead}${detail}${fields.length ? ` (${fields.join('; ')})` : ''}`;
}

/** A short reference line for support: code, status and request id. */
export function problemReference(p: Problem): string {
  const parts = [p.code];
  if (p.status > 0) parts.push(`HTTP ${p.status}`);
  if (p.requestId) parts.push(`request ${p.requestId}`);
  return parts.join(' · ');
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : null;
}

/** The Problem for an error answer: from its problem+json body when it has one, else from the status. */
export function problemFromAnswer(status: number, headers: { get(name: string): string | null }, body: unknown): Problem {
  const b = asRecord(body);
  const header = Number(headers.get('Retry-After'));
  const p: Problem = {
    status,
    code: typeof b?.code === 'string' ? b.code : `HTTP_${status}`,
    requestId: typeof b?.request_id === 'string' ? b.request_id : headers.get('X-Request-Id') ?? undefined,
  };
  if (typeof b?.detail === 'string') p.detail = b.detail;
  if (typeof b?.retry_after === 'number') p.retryAfter = b.retry_after;
  else if (Number.isFinite(header) && header > 0) p.retryAfter = header;
  if (Array.isArray(b?.errors)) {
    p.errors = b.errors.map(asRecord).filter((e) => e !== null)
      .map((e) => ({ pointer: String(e.pointer ?? ''), detail: String(e.detail ?? '') }));
  }
  return p;
}
