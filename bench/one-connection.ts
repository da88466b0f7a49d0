// Latency at one connection, measured in microseconds (autocannon rounds to whole milliseconds, too
// coarse for a sub-millisecond echo). The targets are hit in turn, request by request, so a
// neighbour's load on the shared machine falls on all of them and their ratios stay readable.
import { Agent, request } from 'node:http';

export interface Target { url: string; headers: Record<string, string>; body: string }
export interface Latencies { p50Us: number; p99Us: number; meanUs: number; samples: number; failures: number }

function once(agent: Agent, t: Target): Promise<{ us: number; ok: boolean }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = request(t.url, { method: 'POST', agent, headers: { ...t.headers, 'content-length': Buffer.byteLength(t.body) } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ us: Number(process.hrtime.bigint() - start) / 1000, ok: res.statusCode === 200 }));
    });
    req.on('error', reject);
    req.end(t.body);
  });
}

function summarise(us: number[], failures: number): Latencies {
  const s = [...us].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50Us: at(0.5), p99Us: at(0.99), meanUs: s.reduce((a, b) => a + b, 0) / s.length, samples: s.length, failures };
}

/** Hits the targets in turn (each on its own kept-alive connection) for `seconds`; latencies of each. */
export async function alternate(targets: Target[], seconds: number): Promise<Latencies[]> {
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times: number[][] = targets.map(() => []);
  const failures = targets.map(() => 0);
  const k = targets.length;
  try {
    for (let i = 0; i < 25 * k; i++) await once(agents[i % k], targets[i % k]); // warm-up: JIT, connections
    const end = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < end; i++) {
      const r = await once(agents[i % k], targets[i % k]);
      times[i % k].push(r.us);
      if (!r.ok) failures[i % k]++;
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return times.map((t, i) => summarise(t, failures[i]));
}
