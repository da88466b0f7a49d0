// What a store refuses before it writes, the same for every backend, with pointers for the caller.
import { StoreValidationError, type NewKey, type NewModel } from './types.js';
import { validateModelConfig } from './model-config.js';
import { entityIdProblem, modelNameProblem } from './names.js';

/** Throws StoreValidationError when the key's organization, project or user id is not acceptable. */
export function checkNewKey(key: NewKey): void {
  for (const [kind, value] of [['organization', key.organizationId], ['project', key.projectId], ['user', key.userId]] as const) {
    const problem = entityIdProblem(kind, value);
    if (problem !== null) throw new StoreValidationError(problem, [{ pointer: `/${kind}_id`, detail: problem }]);
  }
}

/**
 * Throws StoreValidationError when the model's organization, name or config is not acceptable;
 * returns the config as it is to be stored (JSON text of the validated config).
 */
export function checkNewModel(model: NewModel): string {
  const orgProblem = entityIdProblem('organization', model.organizationId);
  if (orgProblem !== null) throw new StoreValidationError(orgProblem, [{ pointer: '/organization_id', detail: orgProblem }]);
  const nameProblem = modelNameProblem(model.name);
  if (nameProblem !== null) throw new StoreValidationError(nameProblem, [{ pointer: '/name', detail: nameProblem }]);
  const check = validateModelConfig(model.config);
  if (!check.ok) {
    const details = check.errors.map((e) => `${e.pointer || '/'} ${e.detail}`).join('; ');
    throw new StoreValidationError(`model config is invalid: ${details}`, check.errors);
  }
  return JSON.stringify(check.config);
}

/** The error for a base model the organization may not use. */
export function unavailableBase(model: NewModel): StoreValidationError {
  return new StoreValidationError(`base model "${model.base}" is not available to organization ${model.organizationId}`, [{ pointer: '/base', detail: 'not an available model' }]);
}
