// Stored model configs written by an older version may name a core model or member this version no
// longer runs (`ces` was one). Such a model is never mapped to another: it is reported and refused.
import { validateModelConfig } from './model-config.js';
import type { ModelRecord, Store } from './types.js';

/** Why a stored config cannot run on this version (pointer: detail; ...), or null when it can. */
export function unrunnableReason(config: Record<string, unknown>): string | null {
  const check = validateModelConfig(config);
  if (check.ok) return null;
  return check.errors.map((e) => `${e.pointer || '/'}: ${e.detail}`).join('; ');
}

/** Every stored model whose config this version cannot run, with the reason; nothing is changed or deleted. */
export async function unrunnableModels(store: Store): Promise<{ model: ModelRecord; reason: string }[]> {
  const found: { model: ModelRecord; reason: string }[] = [];
  for (const model of await store.listModels()) {
    const reason = unrunnableReason(model.config);
    if (reason !== null) found.push({ model, reason });
  }
  return found;
}
