// What the HTTP path costs beside a bare server: a naive forecast against `tempo serve` as an
// operator starts it (its own process, default logging) and against a node:http echo (its own
// process), one kept-alive connection each, hit in turn. The ratio of p50s goes to the targets
// table; what is asserted is that every request was answered.
import { describe, expect, it } from 'vitest';
import { benchDataDir, forecastBody } from '../../bench/bench-tempo.js';
import { alternate } from '../../bench/one-connection.js';
import { startEchoProcess, startTempoServe } from '../../bench/operator-servers.js';
import { reportTarget } from './targets.js';

describe('the HTTP hop of a trivial forecast', () => {
  it('naive forecast p50 against a bare echo, each server in its own process', async () => {
    const data = await benchDataDir();
    const [echo, tempo] = await Promise.all([startEchoProcess(), startTempoServe(data.dir)]);
    try {
      const body = forecastBody(100);
      const [e, n] = await alternate([
        { url: echo.url, headers: { 'content-type': 'application/json' }, body },
        { url: `${tempo.url}/bench_naive/v1/forecast`, headers: { authorization: `Bearer ${data.fullKey}`, 'content-type': 'application/json' }, body },
      ], 6);
      const ratio = n.p50Us / e.p50Us;
      reportTarget({
        target: `naive n=100 p50 over HTTP vs a bare echo (tempo serve and echo in their own processes, default logging, one connection each; ${n.samples} requests each)`,
        required: '≤ 2×', measured: `${(n.p50Us / 1000).toFixed(2)} vs ${(e.p50Us / 1000).toFixed(2)} ms: ${ratio.toFixed(2)}×`, met: ratio <= 2,
      });
      expect(n.failures).toBe(0);
      expect(e.failures).toBe(0);
    } finally {
      await Promise.all([echo.stop(), tempo.stop()]);
      data.remove();
    }
  }, 60_000);
});
