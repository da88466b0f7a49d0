// The job store interface: job and chunk records, stored inputs and results. SQLite implements it
// for the embedded server, PostgreSQL for many instances; one test suite holds both to it.
import type { ChunkInput, ChunkRef, ChunkResult, JobParams, JobRecord, JobSeriesError, JobStatus } from './types.js';

/** A job as its upload begins. */
export interface NewJob {
  id: string;
  organizationId: string;
  keyId: string;
  model: string;
  params: JobParams;
}

/** What an upload stored once its body has ended (the series it refused are counted when their chunk runs). */
export interface UploadSummary {
  series: number;
  chunks: number;
}

/** A page of an organization's jobs, newest first. */
export interface JobPage {
  jobs: JobRecord[];
  /** pass as `after` for the next page; null on the last */
  next: { createdAt: string; id: string } | null;
}

/** What writing a chunk's result did. */
export interface ChunkWritten {
  /** false when the chunk already had its result (a delivery after the first) or the job is gone or cancelled */
  written: boolean;
  /** the job's status after the write */
  status: JobStatus | undefined;
}

export interface JobStore {
  /** Starts a job in status 'uploading' (not shown to anyone until `finishUpload`). */
  createJob(job: NewJob): Promise<void>;
  /** Stores chunk `chunk` of an uploading job. */
  addChunk(jobId: string, chunk: number, input: ChunkInput, cost: number): Promise<void>;
  /** Marks an uploading job queued with what its upload found. */
  finishUpload(jobId: string, summary: UploadSummary): Promise<JobRecord>;
  /** Removes a job and its chunks whatever its state (a refused upload). */
  removeJob(jobId: string): Promise<void>;
  /** The organization's job, or undefined (another organization's looks the same as none). */
  getJob(id: string, organizationId: string): Promise<JobRecord | undefined>;
  /** The job whatever its organization (workers). */
  jobById(id: string): Promise<JobRecord | undefined>;
  /** The organization's jobs, newest first, `limit` of them after `after`. */
  listJobs(organizationId: string, limit: number, after?: { createdAt: string; id: string }): Promise<JobPage>;
  /** Moves a queued job to running when its organization runs fewer than `maxRunning`; whether it did (true too when it already runs). */
  startJob(id: string, maxRunning: number): Promise<boolean>;
  /** Queued and running jobs, oldest first (what a restarted queue resumes). */
  unfinishedJobs(): Promise<JobRecord[]>;
  /** The chunks of a job that have no result yet, in order. */
  pendingChunks(jobId: string): Promise<number[]>;
  /** A chunk's stored input, or undefined when the job was cancelled or deleted. */
  chunkInput(ref: ChunkRef): Promise<ChunkInput | undefined>;
  /**
   * Writes a chunk's result once: a later delivery of the same chunk changes nothing. The last
   * chunk's write ends the job (succeeded, its inputs deleted, results kept until `expiresAt`).
   */
  writeChunkResult(ref: ChunkRef, result: ChunkResult, resultsTtlMs: number): Promise<ChunkWritten>;
  /** A finished chunk's result, or undefined. */
  chunkResult(ref: ChunkRef): Promise<Buffer | undefined>;
  /** Ends a job that cannot go on (a chunk failed every attempt). */
  failJob(id: string, error: JobSeriesError, resultsTtlMs: number): Promise<void>;
  /** Cancels the organization's job and deletes its inputs and results; false when it has none of that id. */
  cancelJob(id: string, organizationId: string): Promise<boolean>;
  /** Deletes the inputs and results of jobs whose results expired before `now` (their records stay); how many. */
  expireResults(now: string): Promise<number>;
  /** Removes uploads that stopped arriving before `before` (their instance died); how many. */
  dropStaleUploads(before: string): Promise<number>;
  /** Counts for /metrics: jobs by status. */
  countByStatus(): Promise<Record<string, number>>;
  /** Keeps a tuning's input (packed) until it ends, so any process can run it, again if need be. */
  saveTuningInput(name: string, organizationId: string, input: Buffer): Promise<void>;
  /** A kept tuning input, or undefined. */
  tuningInput(name: string): Promise<Buffer | undefined>;
  /** Forgets a tuning's input (it ended). */
  dropTuningInput(name: string): Promise<void>;
  /** The tunings whose inputs are kept, oldest first (what a restarted embedded server runs again). */
  tuningInputNames(): Promise<string[]>;
  close(): Promise<void>;
}
