// Tinify's POST /output/<id> with `store`: the output (as it is, or resized, converted or with metadata kept, made by
// the transform service) uploaded to the caller's own S3 bucket with their credentials. The target is checked before
// anything runs (store-target.ts); the image is charged like a transformation and given back if the upload fails,
// since the caller then has nothing (docs/decisions/0341-tinify-store.md).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { FORMAT_MIME_TYPES } from '#contract/settings';
import type { TinifyOutputRequest, TinifyStore } from '#contract/tinify';
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import type { FairUse } from '#server/fair-use/fair-use';
import type { BlobStore } from '#server/storage/blob-store';
import { putInCallerBucket, type CallerUpload } from './caller-bucket';
import { storeTarget, type StorePolicy, type StoreTarget } from './store-target';
import { TinifyError } from './tinify-error';
import type { TinifyOutputs } from './tinify-outputs';
import type { TransformService } from './transform-service';

export interface StoredOutput {
  location: string;
  width: number;
  height: number;
}

export class TinifyStoreService {
  constructor(
    private readonly outputs: TinifyOutputs,
    private readonly blobs: BlobStore,
    private readonly transforms: Pick<TransformService, 'transform'>,
    private readonly fairUse: FairUse,
    private readonly policy: StorePolicy,
  ) {}

  async store(key: AuthenticatedKey, id: string, request: TinifyOutputRequest & { store: TinifyStore }, gone: AbortSignal): Promise<StoredOutput> {
    const target = storeTarget(request.store, this.policy);
    const { store: _store, ...commands } = request;
    if (Object.keys(commands).length > 0) return this.storeTransformed(key, id, commands, target, gone);

    // The output as it is: the stored result, streamed from the store to the bucket.
    const job = await this.outputs.finished(key, id, gone);
    const bytes = await this.blobs.size('result', job.id);
    const body = bytes === null ? null : await this.blobs.openRead('result', job.id);
    if (bytes === null || !body) throw new TinifyError(404, 'NotFound', 'The requested output no longer exists.');
    await this.fairUse.chargeImages(key, 1);
    await this.upload(key, target, { body, bytes, contentType: job.output_mime_type ?? job.mime_type }, gone);
    return {
      location: target.location,
      width: job.compressed_width ?? job.original_width ?? 0,
      height: job.compressed_height ?? job.original_height ?? 0,
    };
  }

  /** Transformed first (charged there, given back there if the codec fails), then uploaded. */
  private async storeTransformed(key: AuthenticatedKey, id: string, commands: TinifyOutputRequest, target: StoreTarget, gone: AbortSignal): Promise<StoredOutput> {
    const result = await this.transforms.transform(key, id, commands, gone);
    try {
      const body = fs.createReadStream(result.outputPath);
      await this.upload(key, target, { body, bytes: (await fsp.stat(result.outputPath)).size, contentType: FORMAT_MIME_TYPES[result.format] }, gone);
      return { location: target.location, width: result.width, height: result.height };
    } finally {
      await fsp.rm(result.outputPath, { force: true });
    }
  }

  private async upload(key: AuthenticatedKey, target: StoreTarget, upload: CallerUpload, gone: AbortSignal): Promise<void> {
    try {
      await putInCallerBucket(target, upload, this.policy.allowedHosts, gone);
    } catch (err) {
      await this.fairUse.refundImages(key, 1);
      throw err;
    }
  }
}
