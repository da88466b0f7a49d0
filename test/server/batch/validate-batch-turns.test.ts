// The batch check gives the event loop a turn by time, not by a count of series: a few dozen series
// of 10,000 dated values take far longer to check than a turn may wait, and with a turn only every
// 100 series a batch of them held the loop for the whole check.
import { describe, it, expect } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { compileRequests } from '../../../src/server/schemas/requests.js';
import { checkInSlices } from '../../../src/server/validation/request-check.js';

const config = loadConfig({}, {});
// the batch check's errors, and the dates it hands on
const check = async (body: unknown) => {
  const { errors, accepted } = await checkInSlices(compileRequests(config).batch, body);
  return { errors, dates: accepted?.dates };
};

// `count` series of `n` daily values with their timestamps
function datedBatch(count: number, n: number) {
  const stamps = Array.from({ length: n }, (_, t) => new Date(Date.UTC(1990, 0, 1 + t)).toISOString().slice(0, 10));
  return {
    horizon: 7,
    series: Array.from({ length: count }, (_, i) => ({ id: `s${i}`, values: Array.from({ length: n }, (_, t) => 100 + ((t * 7 + i) % 13)), timestamps: stamps })),
  };
}

describe('the batch check and the event loop', () => {
  it('lets other work run while it checks 30 series of 10,000 dated values', async () => {
    const body = datedBatch(30, 10_000);
    let turns = 0;
    let checking = true;
    // counts the event loop's turns for as long as the check runs
    const tick = () => { if (checking) { turns++; setImmediate(tick); } };
    setImmediate(tick);
    const result = await check(body);
    checking = false;
    expect(result.errors).toEqual([]);
    expect(result.dates).toHaveLength(30);
    expect(turns).toBeGreaterThan(1);
  });
});
