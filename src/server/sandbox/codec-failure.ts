// The one triage of a codec task that did not finish, for every caller of the codec pool (a job, Adjust's estimate,
// a Tinify transformation): the codec's verdict on the input, final (the same input fails the same way: a damaged
// file, too many pixels, a feature we cannot keep); the codec stopped short (out of time, its process crashed, its
// client went away), where another try may succeed; or neither (a fault of the machine, a bug), which is the
// caller's own to handle. Each caller words the verdict in its protocol; the job runner also holds a time limit
// final (docs/decisions/0511-codec-verdicts-are-final.md).
import { CodecError } from '#server/codec/planning';
import { CodecAbandonedError, CodecCrashError } from './codec-child';

export type CodecFailure =
  | { verdict: 'refused'; error: CodecError }
  | { verdict: 'stopped'; cause: 'timeout' | 'crash' | 'abandoned'; message: string }
  | { verdict: 'other' };

export function triageCodecFailure(err: unknown): CodecFailure {
  if (err instanceof CodecError) return err.kind === 'timeout' ? { verdict: 'stopped', cause: 'timeout', message: err.message } : { verdict: 'refused', error: err };
  if (err instanceof CodecCrashError) return { verdict: 'stopped', cause: 'crash', message: err.message };
  if (err instanceof CodecAbandonedError) return { verdict: 'stopped', cause: 'abandoned', message: err.message };
  return { verdict: 'other' };
}
