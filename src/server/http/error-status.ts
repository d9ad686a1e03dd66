// The only table that knows which HTTP status each error code answers with.
import type { ErrorCode } from '#contract/errors';

export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_SETTINGS: 400,
  MALFORMED_REQUEST: 400,
  NO_FILES: 400,
  FILE_TOO_SMALL: 400,
  TOO_MANY_FILES: 400,
  FILE_TOO_LARGE: 413,
  GUEST_FILE_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  UNSUPPORTED_FEATURE: 415,
  UPLOAD_TOO_SLOW: 408,
  REQUEST_TIMEOUT: 408,
  CROSS_SITE: 403,
  UNAUTHENTICATED: 401,
  BAD_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  LOCKED_OUT: 429,
  RATE_LIMITED: 429,
  MONTHLY_LIMIT: 429,
  INVALID_API_KEY: 401,
  SESSION_REQUIRED: 403,
  TOO_MANY_KEYS: 409,
  TOO_MANY_WEBHOOKS: 409,
  NOT_FOUND: 404,
  EXPIRED: 410,
  NOT_READY: 409,
  JOB_BUSY: 409,
  OWNER_BACKLOG_FULL: 429,
  SERVER_BUSY: 429,
  SHUTTING_DOWN: 503,
  STORAGE_FULL: 507,
  STORAGE_READONLY: 503,
  STORAGE_UNAVAILABLE: 503,
  DB_BUSY: 503,
  DB_UNAVAILABLE: 503,
  SERVER_OVERLOADED: 503,
  INTERNAL: 500,
};

/** Fastify's own client errors, by its error code: ours, and the sentence that says it plainly. */
export const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_REQUEST', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_REQUEST', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'MALFORMED_REQUEST', message: 'Content-Length does not match the body' },
  // The multipart plugin says 406 here; the fault is the request's media type.
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_TYPE', message: 'Uploads must be sent as multipart/form-data' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts in the upload' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many files' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields in the upload' },
};

/** Any other 4xx Fastify raises is named by its status; statuses without a name of their own are malformed requests. */
export const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'MALFORMED_REQUEST',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_TYPE',
  429: 'RATE_LIMITED',
};
