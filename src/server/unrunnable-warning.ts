// A startup warning for stored models this version cannot run, so an operator learns of them
// before a caller does; the models stay stored and answer 404 MODEL_NOT_AVAILABLE until recreated.
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import { unrunnableModels } from '../store/runnable.js';

/** Logs one warning per stored model whose config names something this core does not run; never throws. */
export async function warnUnrunnableModels(store: Store, logger: Logger): Promise<number> {
  let found;
  try {
    found = await unrunnableModels(store);
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not check stored model configs at startup');
    return 0;
  }
  for (const { model, reason } of found) {
    logger.warn({ model: model.name, organization_id: model.organizationId, reason },
      'stored model config names a core model or member this version does not run; it answers 404 MODEL_NOT_AVAILABLE until recreated (nothing was changed)');
  }
  return found.length;
}
