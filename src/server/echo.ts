// What caller-chosen text the server may repeat back (in pointers, details, `instance`): only short
// plain names; anything longer or random-looking could be a pasted secret and is withheld.
import { redactKeys } from './redact.js';

const HARMLESS_NAME = /^[a-z][a-z0-9_]{0,23}$/;

/** Whether a caller-chosen field name is short, lower-case and plain enough to echo. */
export function harmlessName(name: string): boolean {
  return HARMLESS_NAME.test(name);
}

const HARMLESS_SEGMENT = /^[A-Za-z0-9._~-]{0,40}$/;
// what redactKeys leaves of a key: its public id only
const REDACTED_KEY = /^tempo-[0-9A-Za-z]{16}-…$/;

function harmlessSegment(seg: string): boolean {
  return REDACTED_KEY.test(seg) || (HARMLESS_SEGMENT.test(seg) && !/[0-9A-Za-z]{32,}/.test(seg));
}

/** The request path as an error's `instance`: key-shaped runs cut, long or odd segments withheld. */
export function safeInstance(path: string): string {
  return redactKeys(path).split('/').map((seg) => (harmlessSegment(seg) ? seg : '…')).join('/');
}
