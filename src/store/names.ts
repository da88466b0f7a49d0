// Rules for the names the store keeps (organization, project and user ids, key names, model names),
// checked in one place so the CLI, the store and the server refuse the same things.
import { quoted } from '../common/caller-text.js';

const ENTITY_ID = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$/;
const MODEL_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
// Names that would collide with the global model or read like an API version segment.
const RESERVED_MODEL_NAMES = new Set(['tempo', 'v1']);

/** Why `value` cannot be an organization/project/user id, or null when it can. */
export function entityIdProblem(kind: string, value: string): string | null {
  if (ENTITY_ID.test(value)) return null;
  return `${kind} must be 1 to 128 characters of letters, digits and . _ @ + -, starting with a letter or digit (got ${JSON.stringify(value)})`;
}

/** Why `value` cannot be a key name, or null when it can. */
export function keyNameProblem(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (value.trim() === '' || value.length > 200 || /[\u0000-\u001f\u007f]/.test(value)) {
    return `key name must be 1 to 200 printable characters (got ${JSON.stringify(value)})`;
  }
  return null;
}

/** Why `value` cannot name a new model, or null when it can. */
export function modelNameProblem(value: string): string | null {
  if (RESERVED_MODEL_NAMES.has(value)) return `model name ${JSON.stringify(value)} is reserved`;
  if (!MODEL_NAME.test(value)) {
    return `model name must match [a-z0-9][a-z0-9._-]{0,62}: lower-case letters, digits, . _ -, at most 63 characters (got ${quoted(value, 'a name not repeated here: it could be a pasted secret')})`;
  }
  return null;
}
