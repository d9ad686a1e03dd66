// The re-tune use case (Adjust, POST /api/jobs/:id/recompress): a finished job runs again from its stored original with
// the settings given, the others keeping their values. The request is validated and the job looked up before anything
// is charged; the API key's image is charged in the transaction that puts the job back in the queue, after admission,
// so a refused re-tune costs nothing (docs/decisions/0320-use-cases-in-services.md).
import { compressSettingsSchema, settingsFieldOf, type CompressSettings } from '#contract/settings-schema';
import type { JobRow } from '#server/db/schema';
import { DomainError } from '#server/errors';
import type { FairUse } from '#server/fair-use/fair-use';
import type { AdmissionControl } from './admission';
import type { JobService } from './job-service';
import { settingsInputOf } from './job-settings';
import type { UploadGate } from './upload-gate';
import type { Caller } from './upload-service';

export class RetuneService {
  constructor(
    private readonly jobService: JobService,
    private readonly admission: AdmissionControl,
    private readonly fairUse: FairUse,
    private readonly gate: UploadGate,
  ) {}

  async retune(caller: Caller, id: string, changes: unknown): Promise<JobRow> {
    this.gate.assertOpen();
    const named = settingChanges(changes);
    const { ownerId, guestAddress, apiKey } = caller;
    const applicant = { ownerId, guestAddress };
    return this.jobService.recompress(
      id,
      ownerId,
      (current) => retunedSettings(current, named),
      (write) =>
        this.admission.admit(applicant, async (trx) => {
          await write(trx);
          // A re-tune is one more compressed image of the month's allowance.
          if (apiKey) await this.fairUse.chargeImages(apiKey, 1, trx);
        }),
    );
  }
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
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError('INVALID_SETTINGS', issue?.message ?? 'Invalid compression settings', { field: issue ? settingsFieldOf(issue) : undefined });
}
