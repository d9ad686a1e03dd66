// Upload limits as the drop zone states and enforces them (spec sections 2, 5 and 9).
import type { UploadConfig } from '#contract/api';
import { GUEST_MAX_FILES, GUEST_MAX_FILE_SIZE } from '#contract/limits';
import { MESSAGES } from '#contract/messages';
import { formatFileSize } from './format';
import { toast } from './toast';

/** Used until /api/upload-config answers, and when it fails. */
export const DEFAULT_UPLOAD_CONFIG: UploadConfig = {
  maxFiles: GUEST_MAX_FILES,
  maxFileSize: GUEST_MAX_FILE_SIZE,
  maxFileSizeFormatted: null,
};

/**
 * The size hint under the drop zone: a formatted maximum from the server wins; otherwise a signed-in user
 * has no size limit; otherwise the guest default of 10 MB.
 */
export function sizeHint(config: Pick<UploadConfig, 'maxFileSizeFormatted'> | undefined, isAuthenticated: boolean): string {
  if (config?.maxFileSizeFormatted) return `Max ${config.maxFileSizeFormatted} each`;
  if (isAuthenticated) return 'No size limit';
  return `Max ${formatFileSize(GUEST_MAX_FILE_SIZE)} each`;
}

/** A guest chose a file over the guest limit (caught by the drop zone, or refused by the server). */
export const toastSignInRequired = () => toast({ title: 'Sign in required', description: MESSAGES.guestTooLarge, variant: 'destructive' });
