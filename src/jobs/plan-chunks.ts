// Cuts a job's series, in input order, into chunks of about equal compute cost rather than equal
// count: a series costs its length times a factor of its longest seasonal period (an hourly series
// with daily and weekly cycles fits several seasonal models on a long history; a monthly one
// fits them on a short one), so a chunk of hourly series holds fewer of them.

import { packedBytes, type PackableLine } from './chunk-lines.js';

/** Series in one chunk at most, however cheap. */
export const CHUNK_MAX_SERIES = 1000;
/** Bytes of stored input in one chunk at most (before compression). */
export const CHUNK_MAX_BYTES = 8 * 1024 * 1024;

/** The estimated cost of one series: its values times a factor that grows with its longest period. */
export function seriesCost(length: number, periods: readonly number[], seasonLength?: number): number {
  const longest = Math.max(seasonLength ?? 1, ...periods, 1);
  // monthly (12) costs 1 per value, hourly (24 and 168) about 2, quarter-hourly (96, 672) about 2.6
  return length * Math.max(1, Math.log2(longest) / Math.log2(12));
}

/** A chunk ready to store: its first series (input order), its lines and its cost. */
export interface PlannedChunk {
  index: number;
  firstSeries: number;
  lines: PackableLine[];
  cost: number;
}

/** Collects series lines and closes a chunk when its cost, count or size reaches the bound. */
export class ChunkPlanner {
  private lines: PackableLine[] = [];
  private cost = 0;
  private bytes = 0;
  private first = 0;
  private next = 0;
  /** Series added so far. */
  series = 0;

  constructor(private readonly targetCost: number) {}

  /** Adds a series' line; returns the chunk it closed, if it closed one. */
  add(line: PackableLine, cost: number): PlannedChunk | undefined {
    this.lines.push(line);
    this.cost += cost;
    this.bytes += packedBytes(line);
    this.series += 1;
    if (this.cost >= this.targetCost || this.lines.length >= CHUNK_MAX_SERIES || this.bytes >= CHUNK_MAX_BYTES) return this.close();
    return undefined;
  }

  /** The last, partly filled chunk, if any series is left in it. */
  flush(): PlannedChunk | undefined {
    return this.lines.length > 0 ? this.close() : undefined;
  }

  /** Chunks closed so far. */
  get chunks(): number {
    return this.next;
  }

  private close(): PlannedChunk {
    const out = { index: this.next++, firstSeries: this.first, lines: this.lines, cost: this.cost };
    this.first = this.series;
    this.lines = [];
    this.cost = 0;
    this.bytes = 0;
    return out;
  }
}
