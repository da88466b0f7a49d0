// The connection guard's test for a client that stopped reading, look by look (every 250 ms).
import { describe, it, expect } from 'vitest';
import { newStallWatch, readerStalled } from '../../src/server/http/reader-stall.js';

const STALL_MS = 5000;

describe('readerStalled', () => {
  it('never flags a slow reader whose buffer is refilled with the next answer between looks', () => {
    // each look: the client took 16 KiB, the writer put the next 60 kB answer in: the buffer never shrinks
    const watch = newStallWatch();
    let written = 0;
    let unread = 0;
    for (let look = 0; look < 200; look++) {
      const taken = Math.min(unread, 16 * 1024);
      unread -= taken;
      written += 60_000;
      unread += 60_000;
      expect(readerStalled(watch, unread, written, look * 250, STALL_MS)).toBe(false);
    }
  });

  it('flags a reader that took nothing for longer than the limit, and only then', () => {
    const watch = newStallWatch();
    expect(readerStalled(watch, 50_000, 200_000, 0, STALL_MS)).toBe(false);
    expect(readerStalled(watch, 50_000, 200_000, 250, STALL_MS)).toBe(false);
    expect(readerStalled(watch, 50_000, 200_000, 5_250, STALL_MS)).toBe(false);
    expect(readerStalled(watch, 50_000, 200_000, 5_251, STALL_MS)).toBe(true);
  });

  it('starts the clock again once the client reads, and never counts an empty buffer', () => {
    const watch = newStallWatch();
    expect(readerStalled(watch, 50_000, 200_000, 0, STALL_MS)).toBe(false);
    expect(readerStalled(watch, 50_000, 200_000, 250, STALL_MS)).toBe(false);
    // 1 kB taken at 4 s: progress
    expect(readerStalled(watch, 49_000, 200_000, 4_000, STALL_MS)).toBe(false);
    // the next look without progress starts the clock again
    expect(readerStalled(watch, 49_000, 200_000, 4_250, STALL_MS)).toBe(false);
    expect(readerStalled(watch, 49_000, 200_000, 9_250, STALL_MS)).toBe(false);
    expect(readerStalled(watch, 49_000, 200_000, 9_251, STALL_MS)).toBe(true);
    const idle = newStallWatch();
    expect(readerStalled(idle, 0, 0, 0, STALL_MS)).toBe(false);
    expect(readerStalled(idle, 0, 0, 60_000, STALL_MS)).toBe(false);
  });
});
