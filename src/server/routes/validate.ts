// The validate handler: the authenticated key's metadata; it never counts against the quota.
import type { Middleware } from 'koa';
import type { ValidateResponseBody } from '../../common/types.js';
import type { KeyRecord } from '../../store/types.js';
import { need } from '../state.js';

/** The validate body for a key record (no secret, no hash). */
export function validateBody(key: KeyRecord): ValidateResponseBody {
  return {
    valid: true,
    key_id: key.keyId,
    status: key.status,
    env: key.env,
    project_id: key.projectId,
    organization_id: key.organizationId,
    user_id: key.userId,
    product_id: key.productId,
    name: key.name,
    expires_at: key.expiresAt,
    rate_limit_per_minute: key.rateLimitPerMinute,
    rate_limit_per_hour: key.rateLimitPerHour,
  };
}

/** Answers with the metadata of the key on ctx.state.key. */
export function validateRoute(): Middleware {
  return async (ctx) => {
    ctx.body = validateBody(need(ctx, 'key'));
  };
}
