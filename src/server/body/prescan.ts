// A single pass over JSON bytes that bounds their shape before anything parses them: nesting depth,
// the number of values in all, in any one array and in any one object. It does not validate JSON
// (the parser does that next); it only makes sure a small body cannot make the parser or the schema
// check do a large amount of work, and it runs on the bytes as they arrive, so a body over a bound
// is refused before the rest of it is read (or inflated). Working on UTF-8 bytes is exact here:
// every structural character is ASCII, and no byte of a multi-byte sequence is.
import { MAX_OBJECT_FIELDS } from '../crowded-object.js';

export interface PrescanLimits {
  /** Deepest nesting of arrays/objects allowed (the top-level object is depth 1). */
  maxDepth: number;
  /** Most values (array elements and object members, at any depth) allowed. */
  maxElements: number;
  /** Most elements of any one array (default: no bound but maxElements). */
  maxArrayElements?: number;
  /** Most members of any one object (default MAX_OBJECT_FIELDS). */
  maxMembers?: number;
}

/** A path into the body as the scan saw it: member names (raw, caller text) and element indexes. */
export type PrescanPath = Array<string | number>;

export type PrescanVerdict =
  | { ok: true }
  | { ok: false; reason: 'depth' | 'elements' | 'not-object' }
  /** an array with too many elements, or an object with too many members, at `at` */
  | { ok: false; reason: 'array' | 'members'; at: PrescanPath };

const OK: PrescanVerdict = { ok: true };
/** Bytes of a member name kept for a refusal's path; a longer name is never one a schema knows. */
const KEPT_NAME_BYTES = 64;

// one open array or object
interface Frame {
  object: boolean;
  /** separators seen: the index of the current element, or members before the current one */
  commas: number;
  /** the current member's name (objects), its first bytes only */
  name: number[];
  /** the name was longer than what is kept, or escaped */
  nameCut: boolean;
  /** the next string in this object is a member name */
  expectName: boolean;
}

/** An incremental scanner: feed it chunks in order, then call end(); the first refusal sticks. */
export class JsonPrescan {
  private readonly frames: Frame[] = [];
  private elements = 0;
  private inString = false;
  private inName = false;
  private escaped = false;
  private sawTop = false;
  private verdict: PrescanVerdict = OK;
  private readonly maxArray: number;
  private readonly maxMembers: number;

  constructor(private readonly limits: PrescanLimits) {
    this.maxArray = limits.maxArrayElements ?? Infinity;
    this.maxMembers = limits.maxMembers ?? MAX_OBJECT_FIELDS;
  }

  /** Scans one more chunk; returns the verdict so far (a refusal is final). */
  feed(bytes: Uint8Array): PrescanVerdict {
    if (!this.verdict.ok) return this.verdict;
    const frames = this.frames;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) {
          this.escaped = true;
          if (this.inName) frames[frames.length - 1].nameCut = true;
        } else if (c === 0x22) this.inString = this.inName = false;
        else if (this.inName) {
          const top = frames[frames.length - 1];
          if (top.name.length < KEPT_NAME_BYTES) top.name.push(c);
          else top.nameCut = true;
        }
        continue;
      }
      switch (c) {
        case 0x22: { // "
          this.inString = true;
          const top = frames[frames.length - 1];
          if (top !== undefined && top.object && top.expectName) {
            this.inName = true;
            top.expectName = false;
            top.name.length = 0;
            top.nameCut = false;
          }
          break;
        }
        case 0x7b: case 0x5b: // { [
          if (!this.sawTop) {
            this.sawTop = true;
            if (c !== 0x7b) return this.refuse('not-object');
          }
          if (frames.length >= this.limits.maxDepth) return this.refuse('depth');
          frames.push({ object: c === 0x7b, commas: 0, name: [], nameCut: false, expectName: c === 0x7b });
          break;
        case 0x7d: case 0x5d: frames.pop(); break; // } ]
        case 0x2c: { // , separates values: each one is one more element
          this.elements++;
          if (this.elements > this.limits.maxElements) return this.refuse('elements');
          const top = frames[frames.length - 1];
          if (top === undefined) break;
          top.commas++;
          if (top.object) {
            top.expectName = true;
            if (top.commas >= this.maxMembers) return this.refuseAt('members');
          } else if (top.commas >= this.maxArray) return this.refuseAt('array');
          break;
        }
        case 0x20: case 0x09: case 0x0a: case 0x0d: case 0x3a: break;
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

  // the refused container is the innermost open one; its path is where each outer one stands
  private refuseAt(reason: 'array' | 'members'): PrescanVerdict {
    const at: PrescanPath = [];
    for (const f of this.frames.slice(0, -1)) {
      // a cut name matches no schema's name, which is all a path's names are compared with
      if (f.object) at.push(f.nameCut ? '\u0000' : Buffer.from(f.name).toString('utf8'));
      else at.push(f.commas);
    }
    this.verdict = { ok: false, reason, at };
    return this.verdict;
  }
}

/** Whether the whole of `text` stays within `limits` (the one-shot form of JsonPrescan). */
export function prescanJson(text: string | Uint8Array, limits: PrescanLimits): PrescanVerdict {
  const scan = new JsonPrescan(limits);
  scan.feed(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  return scan.end();
}
