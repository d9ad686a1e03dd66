// The upload use case: who may upload now (shutdown, backlog), what the received files and fields become (jobs, or a
// refusal that names each file), and the API key's monthly charge, taken in the transaction that inserts the jobs so
// a refused upload leaves the count unchanged (docs/decisions/0320-use-cases-in-services.md).
import type { CompressResponse, UploadRejection } from '#contract/api';
import type { ErrorCode } from '#contract/errors';
import { MESSAGES } from '#contract/messages';
import { compressSettingsSchema, settingsFieldOf, type CompressSettings } from '#contract/settings-schema';
import { settingsMisfit } from '#codec-core/index';
import { DomainError } from '#server/errors';
import { discard } from '#server/storage/blob-store';
import type { AdmissionControl } from './admission';
import { toJobJson } from './job-json';
import type { AcceptedUpload, Caller, JobService } from './job-service';
import type { UploadGate } from './upload-gate';
import type { WebhookService } from '#server/webhooks/webhook-service';
import type { Metrics } from '#server/metrics/metrics';

/** What the HTTP layer received from a multipart body: files stored as temp files, refused files, form fields. */
export interface ReceivedUpload {
  accepted: AcceptedUpload[];
  rejected: UploadRejection[];
  fields: Record<string, string>;
  tooManyFiles: boolean;
}

export class UploadService {
  constructor(
    private readonly jobService: JobService,
    private readonly admission: Pick<AdmissionControl, 'check'>,
    private readonly gate: UploadGate,
    private readonly webhooks: WebhookService,
    private readonly metrics: Metrics,
  ) {}

  /** The cheap checks before the body is read: the server takes work and the caller's backlog has room. */
  async admit(caller: Caller): Promise<void> {
    try {
      this.gate.assertOpen();
      await this.admission.check(caller);
    } catch (err) {
      if (err instanceof DomainError) this.metrics.uploadRejected(err.code);
      throw err;
    }
  }

  /**
   * The settings sent before an upload's first file, judged as that file begins so that a refused upload stores none
   * of its files (`create` judges all the fields again: a client may send some after the files). Counted as refused.
   */
  checkFieldsBeforeFiles(fields: Readonly<Record<string, string>>): void {
    try {
      this.settingsOf(fields);
    } catch (err) {
      if (err instanceof DomainError) this.metrics.uploadRejected(err.code);
      throw err;
    }
  }

  /** An upload's settings from its form fields, or the refusal naming the field at fault. */
  private settingsOf(fields: Readonly<Record<string, string>>): CompressSettings {
    const parsed = compressSettingsSchema.safeParse(fields);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new DomainError('INVALID_SETTINGS', issue?.message ?? 'Invalid compression settings', { field: issue ? settingsFieldOf(issue) : undefined });
  }

  /** Turns the received files into pending jobs, or refuses them all; the temp files are gone either way. */
  async create(caller: Caller, upload: ReceivedUpload): Promise<CompressResponse> {
    // Each refused file once; an upload refused as a whole once more, unless its files were already counted.
    const counted = upload.rejected.length;
    for (const r of upload.rejected) this.metrics.uploadRejected(r.code);
    let noneAccepted: DomainError | undefined;
    try {
      if (upload.tooManyFiles) throw new DomainError('TOO_MANY_FILES', MESSAGES.tooManyFiles);
      const settings = this.settingsOf(upload.fields);
      await refuseMisfits(upload, settings);
      for (const r of upload.rejected.slice(counted)) this.metrics.uploadRejected(r.code);
      if (upload.accepted.length === 0) throw (noneAccepted = noFileAccepted(upload.rejected));
      // Checked like a registered webhook before any job exists, so a refused URL leaves nothing behind.
      const callbackUrl = await this.callbackUrlOf(caller, upload.fields);
      const rows = await this.createJobs(caller, upload.accepted, settings);
      const callback = callbackUrl ? await this.webhooks.registerCallback(caller.ownerId, callbackUrl, rows.map((r) => r.id)) : undefined;
      return {
        jobs: rows.map(toJobJson),
        rejected: upload.rejected,
        queuePaused: await this.jobService.isPaused(caller.ownerId),
        ...(callback && { callback: { id: callback.row.id, secret: callback.secret } }),
      };
    } catch (err) {
      if (err instanceof DomainError && (err !== noneAccepted || upload.rejected.length === 0)) this.metrics.uploadRejected(err.code);
      await Promise.all(upload.accepted.map((a) => discard(a.tempFile)));
      throw err;
    }
  }

  /** `callbackUrl` (one batch's webhook): for a signed-in user or an API key only. */
  private async callbackUrlOf(caller: Caller, fields: Record<string, string>): Promise<string | undefined> {
    const raw = fields.callbackUrl;
    if (raw === undefined || raw === '') return undefined;
    if (caller.guestAddress !== null) throw new DomainError('UNAUTHENTICATED', 'Sign in or use an API key to get a callback');
    return this.webhooks.checkCallbackUrl(raw);
  }

  /** Stores the files as jobs under the backlog ceilings; an API key pays for them in the same transaction. */
  async createJobs(caller: Caller, files: AcceptedUpload[], settings: Parameters<JobService['createJobs']>[2]) {
    const rows = await this.jobService.createJobs(caller, files, settings);
    for (const row of rows) this.metrics.jobCreated({ inputMimeType: row.mime_type, output: row.output_format, mode: row.mode });
    return rows;
  }
}

/**
 * The files these settings cannot be honoured for (an animation asked for as a still format, lossless JPEG from
 * another format, lossless from a HEIC) move from accepted to refused, each with the cause (0586).
 */
async function refuseMisfits(upload: ReceivedUpload, settings: CompressSettings): Promise<void> {
  const fitting: AcceptedUpload[] = [];
  for (const file of upload.accepted) {
    const misfit = file.format ? settingsMisfit({ format: file.format, frames: file.frames ?? 1 }, settings) : null;
    if (!misfit) {
      fitting.push(file);
      continue;
    }
    await discard(file.tempFile);
    upload.rejected.push({ filename: file.filename, message: misfit.message, code: 'UNSUPPORTED_FEATURE' });
  }
  upload.accepted = fitting;
}

/** Nothing accepted: the status says why; the body still names every refused file so the UI can list them. */
function noFileAccepted(rejected: UploadRejection[]): DomainError {
  const refuse = (code: ErrorCode, message: string) => new DomainError(code, message, { details: { rejected } });
  const first = (...codes: ErrorCode[]) => rejected.find((r) => codes.includes(r.code));
  const size = first('GUEST_FILE_TOO_LARGE', 'FILE_TOO_LARGE');
  if (size) return refuse(size.code, size.message);
  const type = first('UNSUPPORTED_TYPE', 'UNSUPPORTED_FEATURE');
  if (type) return refuse(type.code, type.message);
  const small = first('FILE_TOO_SMALL');
  if (small) return refuse('FILE_TOO_SMALL', small.message);
  return refuse('NO_FILES', 'No images were uploaded: send them in the "images" field');
}
