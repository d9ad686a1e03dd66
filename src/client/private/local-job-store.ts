// Private mode's queue: files kept in this tab, compressed by the worker pool in the order they were added, with
// pause, resume and clear as on the server's queue. Results are Blobs in memory, shown through object URLs that
// are revoked when a job is removed. Nothing here makes a network request.
import type { Job, QueueStats, QueueStatus } from '#contract/api';
import type { CompressResult, Estimate, Region } from '#codec-core/index';
import { MESSAGES } from '#contract/messages';
import { FORMAT_MIME_TYPES, type ImageFormat, type SettingsRequest } from '#contract/settings';
import { completedJob, failedJob, pendingJob, retunedJob } from './local-job';
import { needsServer, sniffFormat } from './sniff';
import { CancelledError, type WorkerPool } from './worker-pool';

interface Entry {
  job: Job;
  file: File;
  format: ImageFormat;
  settings: SettingsRequest;
  /** The original, for the comparison. */
  originalUrl: string;
  result: Blob | null;
  taskId: number | null;
}

export interface Refusal {
  filename: string;
  message: string;
}

export class LocalJobStore {
  private entries: Entry[] = [];
  private paused = false;
  private snapshot: Job[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private notifying = false;

  constructor(
    private readonly pool: () => WorkerPool,
    private readonly concurrency: number,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  jobs = (): Job[] => this.snapshot;

  isPaused = (): boolean => this.paused;

  /** Adds files to the queue; those that are not an image we take are refused, as an upload would be. */
  async add(files: readonly File[], settings: SettingsRequest): Promise<Refusal[]> {
    const refused: Refusal[] = [];
    for (const file of files) {
      // The head is enough to tell a format, an animation's control chunk or an SVG's root element.
      const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
      const format = sniffFormat(head);
      const serverOnly = needsServer(head);
      if (serverOnly || !format) {
        refused.push({ filename: file.name, message: serverOnly ?? MESSAGES.fileTypeInvalid });
        continue;
      }
      const job = pendingJob(`local-${this.nextId++}`, file, format, settings, this.now());
      this.entries.push({ job, file, format, settings, originalUrl: URL.createObjectURL(file), result: null, taskId: null });
    }
    this.changed();
    this.pump();
    return refused;
  }

  originalUrl(id: string): string | undefined {
    return this.entry(id)?.originalUrl;
  }

  /** The settings a job was (or is being) compressed with. */
  settingsOf(id: string): SettingsRequest | undefined {
    return this.entry(id)?.settings;
  }

  /** Adjust: a finished file compressed again from its original with other settings. */
  retune(id: string, settings: SettingsRequest): Job {
    const entry = this.entry(id);
    if (!entry) throw new Error('This file is no longer here');
    if (entry.job.status === 'pending' || entry.job.status === 'processing') throw new Error('This image is still being compressed; adjust it once it has finished.');
    if (entry.job.compressedPath) URL.revokeObjectURL(entry.job.compressedPath);
    entry.result = null;
    entry.settings = settings;
    entry.job = retunedJob(entry.job, entry.file, entry.format, settings, this.now());
    this.changed();
    this.pump();
    return entry.job;
  }

  /** Adjust's live estimate, by a codec worker from the original. */
  async estimate(id: string, settings: SettingsRequest, region: Partial<Region> | undefined): Promise<Estimate> {
    const entry = this.entry(id);
    if (!entry) throw new Error('This file is no longer here');
    const outcome = await this.pool().run('estimate', await entry.file.arrayBuffer(), settings, region).done;
    if (outcome.op !== 'estimate') throw new Error('unexpected codec answer');
    return outcome.estimate;
  }

  /** A finished job's result. */
  result(id: string): Blob | null {
    return this.entry(id)?.result ?? null;
  }

  remove(id: string): void {
    const entry = this.entry(id);
    if (!entry) return;
    this.release(entry);
    this.entries = this.entries.filter((e) => e !== entry);
    this.changed();
    this.pump();
  }

  clearAll(): void {
    for (const entry of this.entries) this.release(entry);
    this.entries = [];
    this.changed();
  }

  /** The queue's Clear: files not started yet are dropped; those under way finish. */
  clearPending(): void {
    for (const entry of this.entries.filter((e) => e.job.status === 'pending')) this.remove(entry.job.id);
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.changed();
    this.pump();
  }

  completedResults(): { job: Job; blob: Blob }[] {
    return this.entries.filter((e) => e.result && e.job.status === 'completed').map((e) => ({ job: e.job, blob: e.result! }));
  }

  status(): QueueStatus {
    const count = (status: Job['status']) => this.entries.filter((e) => e.job.status === status).length;
    return { total: this.entries.length, completed: count('completed'), processing: count('processing'), pending: count('pending'), failed: count('error'), paused: this.paused };
  }

  stats(): QueueStats {
    const jobs = this.entries.map((e) => e.job);
    const active = jobs.filter((j) => j.status === 'pending' || j.status === 'processing').length;
    const finished = jobs.filter((j) => j.completedAt);
    if (jobs.length === 0) return { processingRate: 0, elapsedTime: 0, queueLength: 0, estimatedTimeRemaining: 0, processing: false };
    const start = Math.min(...jobs.map((j) => Date.parse(j.createdAt)));
    const end = active > 0 ? this.now() : Math.max(start, ...finished.map((j) => Date.parse(j.completedAt!)));
    const minutes = (end - start) / 60_000;
    const rate = minutes > 0 ? finished.length / minutes : 0;
    return {
      processingRate: Math.round(rate * 100) / 100,
      elapsedTime: Math.round((end - start) / 1000),
      queueLength: jobs.filter((j) => j.status === 'pending').length,
      estimatedTimeRemaining: rate > 0 ? Math.round((active / rate) * 100) / 100 : 0,
      processing: active > 0,
    };
  }

  private entry(id: string): Entry | undefined {
    return this.entries.find((e) => e.job.id === id);
  }

  private release(entry: Entry): void {
    if (entry.taskId !== null) this.pool().cancel(entry.taskId);
    URL.revokeObjectURL(entry.originalUrl);
    if (entry.job.compressedPath) URL.revokeObjectURL(entry.job.compressedPath);
    entry.result = null;
  }

  /**
   * Tells the page once per task, however many jobs changed in it: a drop of many files, their start and the
   * queue's figures then cost one render instead of several back to back (the page's thread stays free).
   */
  private changed(): void {
    if (this.notifying) return;
    this.notifying = true;
    setTimeout(() => {
      this.notifying = false;
      this.snapshot = this.entries.map((e) => e.job);
      for (const listener of this.listeners) listener();
    }, 0);
  }

  /** Starts pending files while the pool has room and the queue is not paused. */
  private pump(): void {
    if (this.paused) return;
    let running = this.entries.filter((e) => e.job.status === 'processing').length;
    for (const entry of this.entries) {
      if (running >= this.concurrency) break;
      if (entry.job.status !== 'pending') continue;
      running++;
      entry.job = { ...entry.job, status: 'processing' };
      void this.start(entry);
    }
    this.changed();
  }

  private async start(entry: Entry): Promise<void> {
    try {
      const input = await entry.file.arrayBuffer();
      if (!this.entries.includes(entry)) return;
      const task = this.pool().run('compress', input, entry.settings);
      entry.taskId = task.id;
      const outcome = await task.done;
      if (outcome.op !== 'compress' || !this.entries.includes(entry)) return;
      this.finish(entry, outcome.result);
    } catch (error) {
      if (error instanceof CancelledError || !this.entries.includes(entry)) return;
      entry.job = failedJob(entry.job, error instanceof Error ? error.message : String(error), this.now());
    } finally {
      entry.taskId = null;
      if (this.entries.includes(entry)) this.changed();
      this.pump();
    }
  }

  private finish(entry: Entry, result: CompressResult): void {
    const { data, ...facts } = result;
    const blob = new Blob([data as BlobPart], { type: FORMAT_MIME_TYPES[result.output.format] });
    entry.result = blob;
    entry.job = completedJob(entry.job, facts, URL.createObjectURL(blob), this.now());
  }
}
