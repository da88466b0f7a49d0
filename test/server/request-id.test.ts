import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../src/server/middleware/request-id.js';

describe('newRequestId', () => {
  it('stays well-formed and unique across refills of its random pool', () => {
    const ids = Array.from({ length: 1000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^req_[0-9ABCDEFGHJKMNPQRSTVWXYZ]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
