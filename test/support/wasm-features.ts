// Reads a WebAssembly module's code section instruction by instruction and reports the proposals
// past the 1.0 core its instructions use, so a test can tell a plain module from one that needs SIMD.

/** What the function bodies of a module use beyond the WebAssembly 1.0 instruction set. */
export interface CodeFeatures {
  /** instructions with the 0xFD prefix (fixed-width SIMD) */
  simd: number;
  /** instructions with the 0xFC prefix (saturating truncation, bulk memory, table ops) */
  misc: number;
  /** sign-extension instructions (0xC0–0xC4) */
  signExtension: number;
  /** instructions decoded in all */
  instructions: number;
}

class Reader {
  constructor(private readonly b: Uint8Array, public at = 0) {}
  byte(): number {
    if (this.at >= this.b.length) throw new Error(`truncated module at byte ${this.at}`);
    return this.b[this.at++];
  }
  // LEB128: unsigned and signed read alike here, since only the length matters
  leb(): number {
    let v = 0, shift = 0, c: number;
    do { c = this.byte(); if (shift < 28) v |= (c & 0x7f) << shift; shift += 7; } while (c & 0x80);
    return v >>> 0;
  }
  skip(n: number): void { this.at += n; }
}

const VALTYPES = new Set([0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f]);

// the immediates of one instruction after its opcode byte (throws on an opcode it does not know)
function skipImmediates(r: Reader, op: number, f: CodeFeatures): void {
  if (op <= 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x1a || op === 0x1b || op === 0xd1) return;
  if (op >= 0x02 && op <= 0x04) { const t = r.byte(); if (t !== 0x40 && !VALTYPES.has(t)) { r.at--; r.leb(); } return; }
  if (op === 0x0c || op === 0x0d || op === 0x10 || op === 0xd2 || (op >= 0x20 && op <= 0x26)) { r.leb(); return; }
  if (op === 0x0e) { const k = r.leb(); for (let i = 0; i <= k; i++) r.leb(); return; }
  if (op === 0x11) { r.leb(); r.leb(); return; }
  if (op === 0x1c) { const k = r.leb(); r.skip(k); return; }
  if (op >= 0x28 && op <= 0x3e) { r.leb(); r.leb(); return; }
  if (op === 0x3f || op === 0x40) { r.byte(); return; }
  if (op === 0x41 || op === 0x42) { r.leb(); return; }
  if (op === 0x43) { r.skip(4); return; }
  if (op === 0x44) { r.skip(8); return; }
  if (op >= 0x45 && op <= 0xbf) return;
  if (op >= 0xc0 && op <= 0xc4) { f.signExtension++; return; }
  if (op === 0xd0) { r.byte(); return; }
  if (op === 0xfc) {
    f.misc++;
    const sub = r.leb();
    if (sub <= 7) return;
    if (sub === 8) { r.leb(); r.byte(); return; }
    if (sub === 9 || sub === 13 || (sub >= 15 && sub <= 17)) { r.leb(); return; }
    if (sub === 10 || sub === 12 || sub === 14) { r.leb(); r.leb(); return; }
    if (sub === 11) { r.byte(); return; }
    throw new Error(`unknown 0xFC instruction ${sub}`);
  }
  throw new Error(`unknown opcode 0x${op.toString(16)} at byte ${r.at - 1}`);
}

/**
 * Decodes every function body of the module `bytes` and counts what it uses past WebAssembly 1.0.
 * Stops decoding a body at its first SIMD instruction (whose immediates it does not read) and
 * counts it; throws on an opcode it does not know, so an unexpected proposal cannot pass unseen.
 */
export function codeFeatures(bytes: Uint8Array): CodeFeatures {
  const f: CodeFeatures = { simd: 0, misc: 0, signExtension: 0, instructions: 0 };
  const r = new Reader(bytes, 8);
  if (bytes[0] !== 0x00 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error('not a WebAssembly module');
  while (r.at < bytes.length) {
    const id = r.byte();
    const size = r.leb();
    const end = r.at + size;
    if (id === 10) {
      const bodies = r.leb();
      for (let b = 0; b < bodies; b++) {
        const len = r.leb();
        const bodyEnd = r.at + len;
        const groups = r.leb();
        for (let g = 0; g < groups; g++) { r.leb(); r.byte(); }
        while (r.at < bodyEnd) {
          const op = r.byte();
          f.instructions++;
          if (op === 0xfd) { f.simd++; break; }
          skipImmediates(r, op, f);
        }
        r.at = bodyEnd;
      }
    }
    r.at = end;
  }
  return f;
}
