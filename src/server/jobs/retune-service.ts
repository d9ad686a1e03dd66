// The re-tune use case (Adjust, POST /api/jobs/:id/recompress): a finished job runs again from its stored original with
// the settings given, the others keeping their values. The request is validated and the job looked up before anything
// is charged; the API key's image is charged in the transaction that puts the job back in the queue, after admission,
// so a refused re-tune costs nothing (docs/decisions/0320-use-cases-in-services.md).
import { compressSettingsSchema, settingsFieldOf, type CompressSettings } from '#contract/settings-schema';
import { formatOfMimeType, inputOnlyFormatOfMimeType } from '#contract/settings';
import { settingsMisfit } from '#codec-core/index';
import type { JobRow } from '#server/db/schema';
import { DomainError, notFound } from '#server/errors';
import type { Caller, JobService } from './job-service';
import { settingsInputOf } from './job-settings';
import type { UploadGate } from './upload-gate';

export class RetuneService {
  constructor(
    private readonly jobService: JobService,
    private readonly gate: UploadGate,
  ) {}

  async retune(caller: Caller, id: string, changes: unknown): Promise<JobRow> {
    this.gate.assertOpen();
    const named = settingChanges(changes);
    // Admitted under the backlog ceilings; an API key pays one more image of the month's allowance (job-service.ts).
    return this.jobService.recompress(caller, id, (current) => retunedSettings(current, named));
  }

  /**
   * "Re-compress all with these settings": every finished (completed or failed) job of the owner runs again from its
   * stored original with the same changes, oldest first, each admitted and charged as one re-tune. A job that cannot
   * be re-run (expired, deleted or started again meanwhile, the backlog full) is listed with its reason and the rest
   * still go ahead; when none could be, the first reason is the answer.
   */
  async retuneAll(caller: Caller, changes: unknown): Promise<RetuneAllResult> {
    this.gate.assertOpen();
    const named = settingChanges(changes);
    const finished = (await this.jobService.list(caller.ownerId)).filter((job) => job.status === 'completed' || job.status === 'error').reverse();
    if (finished.length === 0) throw notFound('There are no finished images to compress again');
    const jobs: JobRow[] = [];
    const skipped: RetuneAllResult['skipped'] = [];
    let firstError: DomainError | undefined;
    for (const job of finished) {
      try {
        jobs.push(await this.retune(caller, job.id, named));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        firstError ??= err;
        skipped.push({ id: job.id, filename: job.filename, code: err.code, message: err.message });
      }
    }
    if (jobs.length === 0 && firstError) throw firstError;
    return { jobs, skipped };
  }
}

export interface RetuneAllResult {
  jobs: JobRow[];
  skipped: Array<{ id: string; filename: string; code: string; message: string }>;
}

/** A JSON body of settings, or a refusal: anything else is not a list of changes. */
export function settingChanges(body: unknown): Record<string, unknown> {
  const changes = body ?? {};
  if (typeof changes !== 'object' || Array.isArray(changes)) {
    throw new DomainError('VALIDATION_FAILED', 'The body must be a JSON object of compression settings');
  }
  return changes as Record<string, unknown>;
}

/** The job's settings with the given changes applied; `null` removes an optional one (a resize bound, say). */
export function retunedSettings(current: JobRow, changes: Record<string, unknown>): CompressSettings {
  const merged: Record<string, unknown> = { ...settingsInputOf(current) };
  for (const [name, value] of Object.entries(changes)) {
    // A misspelt setting would otherwise be dropped without a word, and the job re-run unchanged.
    if (!Object.hasOwn(compressSettingsSchema.shape, name)) {
      throw new DomainError('INVALID_SETTINGS', `Unknown setting "${name}"`, { field: name });
    }
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  const parsed = compressSettingsSchema.safeParse(merged);
  if (parsed.success) {
    // Refused like an upload with these settings would be (0586), naming the setting to change.
    const format = formatOfMimeType(current.mime_type) ?? inputOnlyFormatOfMimeType(current.mime_type);
    const misfit = format && settingsMisfit({ format, frames: current.animation_frames ?? 1 }, parsed.data);
    if (misfit) throw new DomainError('INVALID_SETTINGS', misfit.message, { field: misfit.field });
    return parsed.data;
  }
  const issue = parsed.error.issues[0];
  throw new DomainError('INVALID_SETTINGS', issue?.message ?? 'Invalid compression settings', { field: issue ? settingsFieldOf(issue) : undefined });
}
