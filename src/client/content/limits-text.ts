// The product's enforced limits as readers see them; every page states them through these, never retyped.
import {
  GUEST_MAX_FILE_SIZE,
  GUEST_MAX_FILES,
  MAX_CONCURRENT_JOBS,
  MAX_RETRIES,
  RETENTION_HOURS,
  USER_MAX_FILES,
  DEFAULT_QUALITY,
  MAX_INPUT_PIXELS,
  MAX_PNG_PIXELS,
  MAX_AVIF_PIXELS,
} from '#contract/limits';

export const GUEST_MAX_SIZE_TEXT = `${Math.round(GUEST_MAX_FILE_SIZE / (1024 * 1024))} MB`;
export const GUEST_FILES_TEXT = `${GUEST_MAX_FILES} files`;
export const USER_FILES_TEXT = `${USER_MAX_FILES} files`;
export const CONCURRENCY_TEXT = `${MAX_CONCURRENT_JOBS} images at a time`;
export const RETRIES_TEXT = `up to ${MAX_RETRIES} times`;
export { RETENTION_TEXT } from '#client/lib/format.ts';
/** The queue's rules in one sentence, as the queue panel states them. */
export const QUEUE_RULES_TEXT = `Up to ${MAX_CONCURRENT_JOBS} files are compressed at once; failed files are retried ${RETRIES_TEXT}.`;
export const MAX_PIXELS_TEXT = `${MAX_INPUT_PIXELS / 1_000_000} megapixels`;
export const PNG_MAX_PIXELS_TEXT = `${MAX_PNG_PIXELS / 1_000_000} megapixels`;
export const AVIF_MAX_PIXELS_TEXT = `${MAX_AVIF_PIXELS / 1_000_000} megapixels`;
export const DEFAULT_QUALITY_TEXT = `${DEFAULT_QUALITY}%`;

export { GUEST_MAX_FILES, USER_MAX_FILES, MAX_CONCURRENT_JOBS, MAX_RETRIES, RETENTION_HOURS, DEFAULT_QUALITY };
