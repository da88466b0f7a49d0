// The model in the path must be one the key's organization may use; unknown and foreign look alike.
import type { Middleware } from 'koa';
import type { Store } from '../../store/types.js';
import type { KeyRecord } from '../../store/types.js';
import type { ModelCache } from '../model-cache.js';
import { ApiError } from '../errors.js';
import { unrunnableReason } from '../../store/runnable.js';
import { need } from '../state.js';

/** Where an organization's usable models are listed: the configured app URL, else this server. */
export function modelsPageUrl(appUrl: string | null, origin: string): string {
  return `${appUrl ?? origin}/platform/settings/models`;
}

/**
 * This server's origin as the caller reached it, from the socket: the address and port it accepted
 * the connection on. Never the Host header, which is the caller's text (it may hold anything).
 */
export function socketOrigin(ctx: { protocol: string; req: { socket: { localAddress?: string; localPort?: number } } }): string {
  const address = (ctx.req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `${ctx.protocol}://${address.includes(':') ? `[${address}]` : address}:${ctx.req.socket.localPort}`;
}

/** Puts the model record (through `models`) on ctx.state.model, or throws 404 MODEL_NOT_AVAILABLE pointing to the settings page. */
export function modelAccess(store: Store, models: ModelCache, appUrl: string | null): Middleware {
  return async (ctx, next) => {
    const key = need(ctx, 'key');
    const name = String(ctx.params?.model ?? '');
    let model;
    try {
      model = await models.lookup(name, key.organizationId);
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the model store cannot be reached; retry shortly', { cause: err });
    }
    if (model === undefined && (await store.getTuning(name, key.organizationId).catch(() => undefined))?.status === 'tuning') {
      throw new ApiError('MODEL_NOT_READY', 'this model is still being tuned; GET /v1/models/{name} shows its progress', { headers: { 'Retry-After': '5' } });
    }
    if (model === undefined) {
      // the path's model name is not echoed: a caller may have pasted something private there
      throw new ApiError('MODEL_NOT_AVAILABLE',
        `this model is not available to your organization; use "tempo" or a model listed at ${modelsPageUrl(appUrl, socketOrigin(ctx))}`);
    }
    if (unrunnableReason(model.config) !== null) {
      // written by an older version and naming a model this one does not run: never run another in its place
      throw new ApiError('MODEL_NOT_AVAILABLE',
        `this model's stored configuration names a core model or member this server no longer runs (e.g. "ces", which was removed); its owner must recreate it. Meanwhile use "tempo" or a model listed at ${modelsPageUrl(appUrl, socketOrigin(ctx))}`);
    }
    ctx.state.model = model;
    await next();
  };
}
