// The API's order of checks (docs/api.md) as one chain any computing route mounts in front of its handler:
// drain → auth → model → quota (counted before the body is
// read) → bounded body → validation → running lock → (compute), with queued work refused on drain and
// no 200 holding a non-finite or unordered number. Cheap refusals come first.
import type { Middleware } from 'koa';
import type { Limits } from '../limits/types.js';
import type { Store } from '../store/types.js';
import { drainingRefusal } from './http/compute-gate.js';
import { drainGuard, type DrainState } from './middleware/drain-guard.js';
import { modelAccess } from './middleware/model-access.js';
import type { ModelCache } from './model-cache.js';
import { admitRequest, rateLimitHeadersOnResponse } from './middleware/rate-limit.js';
import { runningLock } from './middleware/running-lock.js';
import { safeResult } from './middleware/safe-result.js';

export interface ComputeChainParts {
  drain: DrainState;
  /** The authentication middleware, failed attempts limited per address (shared with the other routes). */
  auth: Middleware;
  store: Store;
  /** Model records in front of `store` (one cache per server, shared by every route). */
  models: ModelCache;
  limits: Limits;
  appUrl: string | null;
  limitsFailOpen: boolean;
  lockLeaseMs: number;
}

/** Builds the chain for one computing route: `body` reads and checks its body and puts it on ctx.state (src/server/middleware/request-body.ts). */
export function computeChain(parts: ComputeChainParts, body: Middleware): Middleware[] {
  return [
    drainGuard(parts.drain),
    parts.auth,
    rateLimitHeadersOnResponse(parts.limits),
    modelAccess(parts.store, parts.models, parts.appUrl),
    admitRequest(parts.limits, parts.limitsFailOpen),
    body,
    runningLock(parts.limits, parts.lockLeaseMs, parts.limitsFailOpen),
    drainingRefusal(),
    safeResult(),
  ];
}
