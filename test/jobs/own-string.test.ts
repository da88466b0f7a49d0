// ownString: the same text, as a string of its own (what that saves is measured, not asserted: see docs/scaling.md).
import { describe, expect, it } from 'vitest';
import { ownString } from '../../src/jobs/own-string.js';

describe('ownString', () => {
  it('keeps the text exactly, multi-byte and empty included', () => {
    const piece = 'x'.repeat(70_000) + ',store-0001-item-00000042-é-日-😀,';
    const cut = piece.slice(70_001, piece.length - 1);
    expect(ownString(cut)).toBe('store-0001-item-00000042-é-日-😀');
    expect(ownString('')).toBe('');
  });
});
