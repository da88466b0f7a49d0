// The models handler: what the key's organization may forecast with, `tempo` first.
import type { Middleware } from 'koa';
import type { ModelsResponseBody } from '../../common/types.js';
import type { KeyRecord, Store } from '../../store/types.js';
import { ApiError } from '../errors.js';
import { tunedModelBody } from './tuned-models.js';
import { need } from '../state.js';

/** Lists the models of the authenticated key's organization, and its tunings in every state (a silent one marked failed first). */
export function modelsRoute(store: Store, tuningStaleMs?: number): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    let models, tunings;
    try {
      if (tuningStaleMs !== undefined) await store.failStaleTunings(new Date(Date.now() - tuningStaleMs).toISOString());
      models = await store.listModelsForOrg(key.organizationId);
      tunings = await store.listTunings(key.organizationId);
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the model store cannot be reached; retry shortly', { cause: err });
    }
    // the store lists global models first; keep `tempo` at the very top whatever else is global
    models.sort((a, b) => Number(b.name === 'tempo') - Number(a.name === 'tempo'));
    const body: ModelsResponseBody = {
      organization_id: key.organizationId,
      models: models.map((m) => ({
        name: m.name,
        default: m.name === 'tempo',
        base: m.base,
        config: m.config,
        created_at: m.createdAt,
      })),
      tuned: tunings.map(tunedModelBody),
    };
    ctx.body = body;
  };
}
