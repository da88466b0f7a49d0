import { describe, it, expect } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { hashSecret, verifySecret, constantTimeEqual } from '../../src/keys/hash.js';

const pepper = 'pepper-of-sixteen-chars';

describe('secret hashing', () => {
  it('is SHA-256 without a pepper', () => {
    expect(hashSecret('s3cret', null)).toBe('sha256:' + createHash('sha256').update('s3cret').digest('hex'));
  });

  it('is HMAC-SHA256 with a pepper', () => {
    expect(hashSecret('s3cret', pepper)).toBe('hmac-sha256:' + createHmac('sha256', pepper).update('s3cret').digest('hex'));
    expect(hashSecret('s3cret', pepper)).not.toBe(hashSecret('s3cret', 'another-pepper-value'));
  });

  it('verifies the right secret and refuses a wrong one', () => {
    for (const p of [null, pepper]) {
      const h = hashSecret('right', p);
      expect(verifySecret('right', h, p)).toBe(true);
      expect(verifySecret('wrong', h, p)).toBe(false);
    }
  });

  it('refuses a peppered hash under another pepper or none', () => {
    const h = hashSecret('right', pepper);
    expect(verifySecret('right', h, 'a-different-pepper!')).toBe(false);
    expect(verifySecret('right', h, null)).toBe(false);
  });

  it('keeps unpeppered hashes valid after a pepper is configured', () => {
    expect(verifySecret('right', hashSecret('right', null), pepper)).toBe(true);
  });

  it('compares strings of different lengths as unequal', () => {
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
  });
});
