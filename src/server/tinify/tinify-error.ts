// Tinify's own error vocabulary: `{ error, message }` with its statuses. Tinify's clients branch on these, so the
// Tinify-compatible use cases speak it directly (docs/decisions/0266-tinify-compatible-endpoints.md).
export class TinifyError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const stillWorking = () =>
  new TinifyError(503, 'ServiceUnavailable', 'The image is still being compressed; try again shortly.', { 'Retry-After': '5' });
