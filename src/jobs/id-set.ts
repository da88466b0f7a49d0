// The ids of a job's upload, held to refuse a repeat: one per series, so at 10 million series it is
// the accepting instance's largest holding. A Set of strings costs about 90 bytes an id, and as
// live heap it lets the garbage beside it grow in proportion (a 1.49 GB upload of 430,000 series
// grew the API's RSS by 159 MB). Here an id is its UTF-8 bytes in large buffers plus 16 bytes of
// index, all outside the JavaScript heap.

const ARENA_BYTES = 1 << 22;
/** Longest id in UTF-8 bytes the packing below allows (ids are at most 128 characters, 512 bytes). */
const MAX_ID_BYTES = 511;

// FNV-1a over bytes: ids differ in a few trailing characters, which it mixes well
function hashOf(bytes: Uint8Array, length: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** An exact set of short strings (see the file comment). */
export class IdSet {
  private readonly encoder = new TextEncoder();
  private readonly scratch = new Uint8Array(MAX_ID_BYTES * 2);
  private readonly arenas: Uint8Array[] = [new Uint8Array(ARENA_BYTES)];
  private used = 0;
  // slot: 0 empty, else 1 + arena * 2^33 + offset * 2^9 + length (under 2^53: exact in a double)
  private slots = new Float64Array(1024);
  private count = 0;

  /** How many ids the set holds. */
  get size(): number {
    return this.count;
  }

  /** Whether `id` is in the set. */
  has(id: string): boolean {
    const n = this.encode(id);
    return this.find(this.scratch, n, hashOf(this.scratch, n)) >= 0;
  }

  /** Adds `id` (a no-op when it is there already). */
  add(id: string): this {
    const n = this.encode(id);
    const h = hashOf(this.scratch, n);
    if (this.find(this.scratch, n, h) >= 0) return this;
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    if (this.used + n > ARENA_BYTES) {
      this.arenas.push(new Uint8Array(ARENA_BYTES));
      this.used = 0;
    }
    const arena = this.arenas.length - 1;
    this.arenas[arena]!.set(this.scratch.subarray(0, n), this.used);
    this.place(1 + arena * 2 ** 33 + this.used * 2 ** 9 + n, h);
    this.used += n;
    this.count += 1;
    return this;
  }

  private encode(id: string): number {
    const { read, written } = this.encoder.encodeInto(id, this.scratch);
    if (read !== id.length || written > MAX_ID_BYTES) throw new RangeError(`an id of ${id.length} characters is longer than the set holds`);
    return written;
  }

  // the slot index holding these bytes, or -1
  private find(bytes: Uint8Array, n: number, h: number): number {
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === 0) return -1;
      if (this.equals(slot, bytes, n)) return i;
    }
  }

  // the stored bytes a slot points at (see the packing above `slots`)
  private bytesAt(slot: number): Uint8Array {
    const v = slot - 1;
    const offset = Math.floor(v / 2 ** 9) % 2 ** 24;
    return this.arenas[Math.floor(v / 2 ** 33)]!.subarray(offset, offset + (v % 2 ** 9));
  }

  private equals(slot: number, bytes: Uint8Array, n: number): boolean {
    if ((slot - 1) % 2 ** 9 !== n) return false;
    const stored = this.bytesAt(slot);
    for (let k = 0; k < n; k++) if (stored[k] !== bytes[k]) return false;
    return true;
  }

  private place(slot: number, h: number): void {
    const mask = this.slots.length - 1;
    let i = h & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = slot;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const slot of old) {
      if (slot === 0) continue;
      const stored = this.bytesAt(slot);
      this.place(slot, hashOf(stored, stored.length));
    }
  }
}
