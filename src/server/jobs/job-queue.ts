// The queue seam. The job row is the source of truth; a queue only moves job ids to workers.
export interface JobQueue {
  /** New jobs (already stored as pending rows) are ready to run. Adding an id twice is harmless. */
  enqueue(jobIds: string[]): Promise<void>;
  /** An owner resumed: their pending jobs may run again. */
  ownerResumed(ownerId: string): Promise<void>;
  /** Starts pulling jobs (worker roles only). */
  startWorking(): Promise<void>;
  /** Stops taking jobs, waits up to graceMs for running ones, then hands the rest back. */
  stop(graceMs: number): Promise<void>;
  /** Jobs running in this process now (for tests and stats). */
  runningCount(): number;
  /** Throws when the queue's backend cannot be used now (readiness; the in-process queue's is the database). */
  checkReachable(): Promise<void>;
}
