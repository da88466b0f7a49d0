// A single pass over JSON bytes that bounds their shape before anything parses them: nesting depth
// and the number of values. It does not validate JSON (JSON.parse does that next); it only makes
// sure a small body cannot make JSON.parse or the schema check do a large amount of work. It runs
// on the bytes as they arrive, so a body over a bound is refused before the rest of it is read.
// Working on UTF-8 bytes is exact here: every structural character is ASCII, and no byte of a
// multi-byte sequence is.

export interface PrescanLimits {
  /** Deepest nesting of arrays/objects allowed (the top-level object is depth 1). */
  maxDepth: number;
  /** Most values (array elements and object members, at any depth) allowed. */
  maxElements: number;
}

export type PrescanVerdict =
  | { ok: true }
  | { ok: false; reason: 'depth' | 'elements' | 'not-object' };

const OK: PrescanVerdict = { ok: true };

/** An incremental scanner: feed it chunks in order, then call end(); the first refusal sticks. */
export class JsonPrescan {
  private depth = 0;
  private elements = 0;
  private inString = false;
  private escaped = false;
  private sawTop = false;
  private verdict: PrescanVerdict = OK;

  constructor(private readonly limits: PrescanLimits) {}

  /** Scans one more chunk; returns the verdict so far (a refusal is final). */
  feed(bytes: Uint8Array): PrescanVerdict {
    if (!this.verdict.ok) return this.verdict;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
        continue;
      }
      switch (c) {
        case 0x22: this.inString = true; break;
        case 0x7b: case 0x5b: // { [
          if (!this.sawTop) {
            this.sawTop = true;
            if (c !== 0x7b) return this.refuse('not-object');
          }
          this.depth++;
          if (this.depth > this.limits.maxDepth) return this.refuse('depth');
          break;
        case 0x7d: case 0x5d: this.depth--; break; // } ]
        case 0x2c: // , separates values: each one is one more element
          this.elements++;
          if (this.elements > this.limits.maxElements) return this.refuse('elements');
          break;
        case 0x20: case 0x09: case 0x0a: case 0x0d: break;
        case 0xef: case 0xbb: case 0xbf: // a UTF-8 byte order mark before the body is allowed
          if (!this.sawTop && i < 3) break;
          if (!this.sawTop) return this.refuse('not-object');
          break;
        default:
          if (!this.sawTop) return this.refuse('not-object');
      }
    }
    return this.verdict;
  }

  /** The final verdict once every chunk has been fed. */
  end(): PrescanVerdict {
    if (this.verdict.ok && !this.sawTop) return this.refuse('not-object');
    return this.verdict;
  }

  private refuse(reason: 'depth' | 'elements' | 'not-object'): PrescanVerdict {
    this.verdict = { ok: false, reason };
    return this.verdict;
  }
}

/** Whether the whole of `text` stays within `limits` (the one-shot form of JsonPrescan). */
export function prescanJson(text: string | Uint8Array, limits: PrescanLimits): PrescanVerdict {
  const scan = new JsonPrescan(limits);
  scan.feed(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  return scan.end();
}
