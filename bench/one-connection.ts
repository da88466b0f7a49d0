// Latency at one connection, measured in microseconds (autocannon rounds to whole milliseconds, too
// coarse for a sub-millisecond echo). Two targets are hit in alternation, request by request, so a
// neighbour's load on the shared machine falls on both and their ratio stays readable.
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

/** Alternates requests to `a` and `b` (each on its own kept-alive connection) for `seconds`; latencies of each. */
export async function alternate(a: Target, b: Target, seconds: number): Promise<[Latencies, Latencies]> {
  const agents = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
  const times: number[][] = [[], []];
  const failures = [0, 0];
  const targets = [a, b];
  try {
    for (let i = 0; i < 50; i++) await once(agents[i % 2], targets[i % 2]); // warm-up: JIT, connections
    const end = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < end; i++) {
      const r = await once(agents[i % 2], targets[i % 2]);
      times[i % 2].push(r.us);
      if (!r.ok) failures[i % 2]++;
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return [summarise(times[0], failures[0]), summarise(times[1], failures[1])];
}
