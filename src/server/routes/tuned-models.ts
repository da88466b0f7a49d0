// The tuned-model handlers: start a tuning (202), show it, delete it. Tuning itself runs in the
// tuning service on the worker pool; these only read and write the store.
import type { Middleware } from 'koa';
import type { CoreConfig } from '@tempo-forecast/core';
import type { TunedModelBody, TunedModelRequestBody } from '../../common/tuned-model-types.js';
import type { TuningRecord } from '../../store/tuning-types.js';
import { StoreConflictError, type KeyRecord, type Store } from '../../store/types.js';
import type { TuningService } from '../../tuning/service.js';
import { ApiError } from '../errors.js';
import { need } from '../state.js';

// every store failure here means the same to the caller
async function reach<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof StoreConflictError || err instanceof ApiError) throw err;
    throw new ApiError('SERVICE_UNAVAILABLE', 'the model store cannot be reached; retry shortly', { cause: err });
  }
}

/** The API's view of a tuning. */
export function tunedModelBody(t: TuningRecord): TunedModelBody {
  return {
    name: t.name,
    status: t.status,
    progress: t.progress,
    base: t.base,
    config: t.config,
    report: t.report as TunedModelBody['report'],
    ...(t.error !== null ? { error: t.error } : {}),
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

const notYours = () => new ApiError('MODEL_NOT_AVAILABLE', 'your organization has no tuned model of this name; GET /v1/models lists the models your key may use');
const notOwned = () => new ApiError('MODEL_NOT_AVAILABLE', 'your organization has no model of its own of this name (tempo and other global models cannot be deleted); GET /v1/models lists the models your key may use');

/** POST /v1/models: records the tuning, queues it, answers 202 with Location. */
export function createTunedModelRoute(store: Store, tuning: TuningService): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    const body = need(ctx, 'tunedModelRequest');
    const baseName = body.base ?? 'tempo';
    const base = await reach(store.getModelForOrg(baseName, key.organizationId));
    if (base === undefined) {
      throw new ApiError('REQUEST_INVALID', 'base must be "tempo" or a model your organization may use (GET /v1/models lists them)',
        { errors: [{ pointer: '/base', detail: 'not a model your organization may use' }] });
    }
    // planned by the validation, before the row is made, so no DELETE can come between the row and the start of its tuning
    const dates = ctx.state.trainingDates;
    let record: TuningRecord;
    try {
      record = await reach(store.createTuning({ name: body.name, organizationId: key.organizationId, base: baseName }));
    } catch (err) {
      if (err instanceof StoreConflictError) {
        throw new ApiError('MODEL_NAME_TAKEN', 'a model of this name already exists on this server; choose another name (or delete your own model of that name first)',
          { errors: [{ pointer: '/name', detail: 'this name is taken' }], cause: err });
      }
      throw err;
    }
    tuning.start({
      name: body.name,
      organizationId: key.organizationId,
      base: base.config as CoreConfig,
      horizon: body.training.horizon,
      series: body.training.series.map((s) => s.values),
      ...(dates ? { dates } : {}),
    });
    ctx.status = 202;
    ctx.set('Location', `/v1/models/${encodeURIComponent(body.name)}`);
    ctx.body = tunedModelBody(record);
  };
}

/** GET /v1/models/{name}: the organization's tuning, after marking failed any whose server went silent. */
export function getTunedModelRoute(store: Store, staleMs: number): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    await reach(store.failStaleTunings(new Date(Date.now() - staleMs).toISOString()));
    const t = await reach(store.getTuning(String(ctx.params.name), key.organizationId));
    if (t === undefined) throw notYours();
    ctx.body = tunedModelBody(t);
  };
}

/** DELETE /v1/models/{name}: removes one of the organization's own models, tuned or created (stopping its tuning here if it runs here); 204. */
export function deleteTunedModelRoute(store: Store, tuning: TuningService): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    const name = String(ctx.params.name);
    if (!(await reach(store.deleteModel(name, key.organizationId)))) throw notOwned();
    tuning.cancel(name);
    ctx.status = 204;
  };
}
