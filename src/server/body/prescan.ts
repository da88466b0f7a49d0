// A single pass over JSON text that bounds its shape before anything parses it: nesting depth and
// the number of values. It does not validate JSON (JSON.parse does that next); it only makes sure
// a small body cannot make JSON.parse or the schema check do a large amount of work.

export interface PrescanLimits {
  /** Deepest nesting of arrays/objects allowed (the top-level object is depth 1). */
  maxDepth: number;
  /** Most values (array elements and object members, at any depth) allowed. */
  maxElements: number;
}

export type PrescanVerdict =
  | { ok: true }
  | { ok: false; reason: 'depth' | 'elements' | 'not-object' };

/** Whether `text` stays within `limits`; stops at the first bound crossed, so its cost is O(bytes) at most. */
export function prescanJson(text: string, limits: PrescanLimits): PrescanVerdict {
  let depth = 0;
  let elements = 0;
  let inString = false;
  let sawTop = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    switch (c) {
      case 0x22: inString = true; break;
      case 0x7b: case 0x5b: // { [
        if (!sawTop) {
          sawTop = true;
          if (c !== 0x7b) return { ok: false, reason: 'not-object' };
        }
        depth++;
        if (depth > limits.maxDepth) return { ok: false, reason: 'depth' };
        break;
      case 0x7d: case 0x5d: depth--; break; // } ]
      case 0x2c: // , separates values: each one is one more element
        elements++;
        if (elements > limits.maxElements) return { ok: false, reason: 'elements' };
        break;
      case 0x20: case 0x09: case 0x0a: case 0x0d: break;
      default:
        if (!sawTop) return { ok: false, reason: 'not-object' };
    }
  }
  if (!sawTop) return { ok: false, reason: 'not-object' };
  return { ok: true };
}
