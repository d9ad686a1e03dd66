// What a caller may upload: guests 10 files of 10 MB; signed-in users 50 files under a server safety ceiling.
import type { Session } from '#server/auth/session-service';
import type { UploadConfig } from '#contract/api';
import { fileTooLargeMessage, MESSAGES } from '#contract/messages';
import { GUEST_MAX_FILE_SIZE, GUEST_MAX_FILES, USER_MAX_FILE_SIZE, USER_MAX_FILES } from '#contract/limits';
import type { IntakeLimits } from './upload-intake';
import type { MinRate } from './body-guard';

export function uploadConfigFor(session: Session): UploadConfig {
  return session.user_id
    ? { maxFiles: USER_MAX_FILES, maxFileSize: USER_MAX_FILE_SIZE, maxFileSizeFormatted: null }
    : { maxFiles: GUEST_MAX_FILES, maxFileSize: GUEST_MAX_FILE_SIZE, maxFileSizeFormatted: '10 MB' };
}

export function intakeLimitsFor(session: Session, minRate: MinRate): IntakeLimits {
  const config = uploadConfigFor(session);
  return {
    minRate,
    maxFiles: config.maxFiles,
    maxFileSize: config.maxFileSize,
    tooLargeMessage: session.user_id ? fileTooLargeMessage(config.maxFileSize) : MESSAGES.guestTooLarge,
    tooLargeCode: session.user_id ? 'FILE_TOO_LARGE' : 'GUEST_FILE_TOO_LARGE',
  };
}

/** Multipart framing per file (boundary, part headers) is far below this; used to refuse hopeless bodies up front. */
const PER_FILE_OVERHEAD = 64 * 1024;

export const maxUploadBodyBytes = (limits: IntakeLimits) => limits.maxFiles * (limits.maxFileSize + PER_FILE_OVERHEAD) + 64 * 1024;
