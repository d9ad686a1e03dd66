// The download use case: a job's result, its card preview, and the owner's results for the ZIP, each checked against
// its owner and its deletion deadline before a stored byte is opened. Routes map these to responses; they never reach
// storage themselves.
import type { Readable } from 'node:stream';
import { outputFilename } from '#contract/settings';
import { DomainError, notFound } from '#server/errors';
import type { Clock } from '#server/clock';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobRow, JobService } from './job-service';
import { uniqueNames, zipEntryName } from './filename';

/** A stored file ready to send: its bytes as a stream, their count, and how a browser should name it. */
export interface StoredFile {
  body: Readable;
  size: number;
  mimeType: string;
  filename: string;
}

/** One result in the ZIP of all: its unique name, its date, and its bytes, opened only when the archive reaches it. */
export interface ZipEntry {
  name: string;
  date: Date;
  /** Null when the job was deleted after it was listed: it drops out of the archive. */
  open(): Promise<Readable | null>;
}

/** The result's type and name: the output format's, which Auto or a conversion may have changed. */
export function resultFile(job: JobRow): { mimeType: string; filename: string } {
  const mimeType = job.output_mime_type ?? job.mime_type;
  return { mimeType, filename: outputFilename(job.filename, job.mime_type, mimeType) };
}

export class DownloadService {
  constructor(
    private readonly jobService: JobService,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  /** The compressed file of the owner's finished job. */
  async result(ownerId: string, id: string): Promise<StoredFile> {
    const job = await this.jobService.findLive(id, ownerId);
    if (job.status !== 'completed') throw new DomainError('NOT_READY', 'This image has not finished compressing yet');
    const file = await this.resultOf(job);
    if (!file) throw notFound('File not found');
    return file;
  }

  /** The result of a job its caller already holds (a Tinify output the key owns); null once its files are gone. */
  async resultOf(job: JobRow): Promise<StoredFile | null> {
    const opened = await this.blobs.openSized('result', job.id);
    return opened && { ...opened, ...resultFile(job) };
  }

  /** The small WebP the card shows, once the job has finished. */
  async preview(ownerId: string, id: string): Promise<StoredFile> {
    const job = await this.jobService.findLive(id, ownerId);
    const opened = job.status === 'completed' ? await this.blobs.openSized('preview', job.id) : null;
    if (!opened) throw notFound('No preview for this job');
    return { ...opened, mimeType: 'image/webp', filename: job.filename.replace(/\.[^.]*$/, '') + '.webp' };
  }

  /**
   * The owner's downloadable results for the ZIP, oldest first so the first upload keeps the plain name; names made
   * unique after the extension change ("a.jpg" and "a.png" both converted to AVIF are "a.avif" and "a (2).avif").
   */
  async zipEntries(ownerId: string): Promise<ZipEntry[]> {
    const now = this.clock.now();
    const jobs = (await this.jobService.list(ownerId)).filter((j) => j.status === 'completed' && j.expires_at > now).reverse();
    if (jobs.length === 0) throw notFound('There are no compressed images to download yet');
    const names = uniqueNames(jobs.map((j) => zipEntryName(resultFile(j).filename)));
    return jobs.map((job, i) => ({
      name: names[i]!,
      date: new Date(job.completed_at ?? job.created_at),
      open: () => this.blobs.openRead('result', job.id),
    }));
  }
}
