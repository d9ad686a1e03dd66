// The closed set of error codes the API answers with. Every error body is { message, code }: the message is for
// people (wording from the spec), the code is for programs. Clients switch on the code, never on the message.
// Why errors are data and how to add one: docs/decisions/0001-errors-are-data.md.

export const ERROR_CODES = [
  // The request itself is wrong.
  'VALIDATION_FAILED', // a field breaks its schema; `field` names it
  'INVALID_SETTINGS', // an upload's compression settings break their schema; `field` names the setting
  'MALFORMED_REQUEST', // the body cannot be parsed (bad JSON, broken multipart, wrong Content-Length)
  'NO_FILES', // an upload carried no images
  'FILE_TOO_SMALL', // an uploaded file is empty, or too short to hold one pixel
  'TOO_MANY_FILES',
  'FILE_TOO_LARGE',
  'GUEST_FILE_TOO_LARGE', // over the guest limit: signing in lifts it
  'PAYLOAD_TOO_LARGE', // a request body over its ceiling (not an image file)
  'UNSUPPORTED_TYPE', // not a JPEG or PNG, or a body of the wrong media type
  'UNSUPPORTED_FEATURE', // a format we take, using a feature of it we cannot keep (an animated AVIF); the message names it
  'UPLOAD_TOO_SLOW',
  'REQUEST_TIMEOUT', // a (non-upload) request body did not arrive in time
  'CROSS_SITE',
  // Who is asking.
  'UNAUTHENTICATED',
  'BAD_CREDENTIALS',
  'EMAIL_TAKEN',
  'LOCKED_OUT', // too many failed sign-ins; retryAfterSeconds says when to try again
  'RATE_LIMITED', // too many requests or waiting images from one caller; retryAfterSeconds says when to try again
  'MONTHLY_LIMIT', // an API key or its user has used up this month's images
  'INVALID_API_KEY', // the Bearer key is unknown or revoked
  'SESSION_REQUIRED', // an API key tried to reach what only a signed-in browser may (accounts, keys)
  'TOO_MANY_KEYS',
  'TOO_MANY_WEBHOOKS',
  // The thing asked for.
  'NOT_FOUND', // missing, or owned by someone else (indistinguishable on purpose)
  'EXPIRED', // past its retention time and deleted
  'NOT_READY', // exists but has not finished compressing
  'JOB_BUSY', // a re-tune of a job that is still waiting or running
  // The server's state.
  'OWNER_BACKLOG_FULL', // this caller has too many images waiting
  'SERVER_BUSY', // everyone together has too many images waiting
  'SHUTTING_DOWN',
  'STORAGE_FULL',
  'STORAGE_READONLY',
  'STORAGE_UNAVAILABLE', // the object store cannot be reached right now
  'DB_BUSY',
  'DB_UNAVAILABLE',
  'SERVER_OVERLOADED', // out of file handles or similar process limits
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);
