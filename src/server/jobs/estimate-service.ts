// The live-estimate use case (Adjust, POST /api/jobs/:id/estimate): what other settings would give a finished file (its
// size, the quality smart and size modes would choose, and a preview of the region the user looks at) while the
// slider moves, without re-running the job. The work
// runs in a codec process like every decode; one estimate per owner at a time, so dragging a slider cannot queue up
// codec work: the client sends the latest value once the previous answer is in. docs/decisions/0283-live-estimate.md.
import fsp from 'node:fs/promises';
import { estimateJson } from '#codec-core/index';
import type { LocalCopy } from '#server/storage/blob-store';
import { imageRegionSchema } from '#contract/api-schemas';
import type { Estimate } from '#contract/api';
import { FORMAT_MIME_TYPES, originalOutputOfMimeType } from '#contract/settings';
import { withoutType } from '#contract/settings-schema';
import { DomainError } from '#server/errors';
import { triageCodecFailure } from '#server/sandbox/codec-failure';
import { traceOf, type FileEstimator } from '#server/sandbox/protocol';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobService } from './job-service';
import { retunedSettings, settingChanges } from './retune-service';
import { recordedHeader } from './input-header';

export const REGION_MESSAGE = 'Region must be {left, top, width, height} in whole pixels (width and height at least 1)';

export class EstimateService {
  private readonly estimating = new Set<string>();

  constructor(
    private readonly jobService: JobService,
    private readonly blobs: BlobStore,
    private readonly codec: FileEstimator,
  ) {}

  async estimate(ownerId: string, id: string, body: unknown): Promise<Estimate> {
    const { region: regionInput, ...changes } = settingChanges(body);
    const region = regionInput === undefined ? undefined : imageRegionSchema.safeParse(regionInput);
    if (region && !region.success) throw new DomainError('INVALID_SETTINGS', REGION_MESSAGE, { field: 'region' });

    const row = await this.jobService.findLive(id, ownerId);
    const settings = retunedSettings(row, changes);

    if (this.estimating.has(ownerId)) {
      throw new DomainError('RATE_LIMITED', 'An estimate for your files is still being made; try again in a moment', { retryAfterSeconds: 1 });
    }
    this.estimating.add(ownerId);
    const previewPath = this.blobs.tempPath();
    let input: LocalCopy | undefined;
    try {
      // The codec process reads a local file: the stored original itself, or a scratch copy from an object store.
      input = await this.blobs.localCopy('original', row.id);
      const whole = withoutType(settings);
      const outcome = await this.codec
        .estimateFile({
          inputPath: input.path,
          previewPath,
          inputFormat: originalOutputOfMimeType(row.mime_type),
          inputHeader: recordedHeader(row),
          settings: { ...whole, formats: settings.format === 'auto' ? settings.formats : undefined },
          region: region?.data,
          trace: traceOf(row),
        })
        .catch(asDomainError);
      const preview = await fsp.readFile(previewPath);
      return estimateJson(outcome, `data:${FORMAT_MIME_TYPES[outcome.previewFormat]};base64,${preview.toString('base64')}`);
    } finally {
      this.estimating.delete(ownerId);
      await fsp.rm(previewPath, { force: true });
      await input?.release();
    }
  }
}

/** A codec that ran out of time or died is worth a retry; an image it cannot read is not (it was taken at upload, though). */
function asDomainError(err: unknown): never {
  const failure = triageCodecFailure(err);
  if (failure.verdict === 'stopped') throw new DomainError('SERVER_BUSY', 'The estimate could not be made in time; please try again', { retryAfterSeconds: 2 });
  if (failure.verdict === 'refused') throw new DomainError('UNSUPPORTED_TYPE', failure.error.message);
  throw err;
}
