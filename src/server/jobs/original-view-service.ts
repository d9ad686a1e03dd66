// The original as the comparison and Adjust show it: the upload itself when every browser can show it, else a
// rendering of it that every browser can (docs/decisions/0555-originals-every-browser-can-show.md). HEIC (iPhone
// photos) and JPEG XL are decoded in a codec process, like every decode, into a WebP at the original's size (q95:
// the before-and-after stays faithful), once per job: the rendering is stored beside the job's files and deleted
// with them.
import { DEFAULT_CODEC_FIELDS } from '#contract/settings-schema';
import { originalOutputOfMimeType } from '#contract/settings';
import type { Readable } from 'node:stream';
import { notFound } from '#server/errors';
import type { FileCompressor } from '#server/sandbox/protocol';
import { discard, type BlobStore, type LocalCopy } from '#server/storage/blob-store';
import type { JobService } from './job-service';
import { recordedHeader } from './input-header';
import type { JobRow } from './job-service';

/** Originals some current browser cannot show: Chrome and Firefox show neither HEIC nor (mostly) JPEG XL. */
export const NEEDS_RENDERING = new Set(['image/heic', 'image/heif', 'image/jxl']);

const RENDERING_MIME_TYPE = 'image/webp';
const RENDERING_QUALITY = 95;

export interface OriginalView {
  body: Readable;
  size: number;
  mimeType: string;
  /** The name a browser saves it under: the upload's name, with the rendering's extension when rendered. */
  filename: string;
}

export class OriginalViewService {
  /** One rendering per job at a time: a second request for the same job waits for the first. */
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(
    private readonly jobService: JobService,
    private readonly blobs: BlobStore,
    private readonly codec: FileCompressor,
  ) {}

  async open(ownerId: string, id: string): Promise<OriginalView> {
    const job = await this.jobService.findLive(id, ownerId);
    if (!NEEDS_RENDERING.has(job.mime_type)) return this.read('original', id, job.mime_type, job.filename);
    if ((await this.blobs.size('rendition', id)) === null) await this.render(job);
    return this.read('rendition', id, RENDERING_MIME_TYPE, job.filename.replace(/\.[^.]*$/, '') + '.webp');
  }

  private async read(kind: 'original' | 'rendition', id: string, mimeType: string, filename: string): Promise<OriginalView> {
    const opened = await this.blobs.openSized(kind, id);
    if (!opened) throw notFound('File not found');
    return { ...opened, mimeType, filename };
  }

  private render(job: JobRow): Promise<void> {
    const { id } = job;
    let pending = this.rendering.get(id);
    if (!pending) {
      pending = this.renderOnce(job).finally(() => this.rendering.delete(id));
      this.rendering.set(id, pending);
    }
    return pending;
  }

  private async renderOnce(job: JobRow): Promise<void> {
    const { id, mime_type: mimeType } = job;
    const defaults = DEFAULT_CODEC_FIELDS;
    const outputPath = this.blobs.tempPath();
    let input: LocalCopy | undefined;
    try {
      input = await this.blobs.localCopy('original', id);
      // An explicit format: the upload itself can never be the answer (it is what the browser cannot show).
      await this.codec.compressFile({
        inputPath: input.path,
        outputPath,
        inputFormat: originalOutputOfMimeType(mimeType),
        inputHeader: recordedHeader(job),
        settings: { ...defaults, mode: 'quality', quality: RENDERING_QUALITY, format: 'webp', formats: undefined, metadata: 'strip' },
      });
      await this.blobs.commit(outputPath, 'rendition', id, RENDERING_MIME_TYPE);
    } catch (err) {
      await discard(outputPath);
      throw err;
    } finally {
      await input?.release();
    }
  }
}
