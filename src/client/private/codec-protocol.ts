// The messages between the page and its codec workers (private mode): a file's bytes and typed settings in, the
// codec core's result (or its error, in the core's one shape, as from a server codec process) out. Bytes travel as
// transferred ArrayBuffers, never copied.
import type { CompressResult, Estimate, Region, SerializedError } from '#codec-core/index';
import type { SettingsRequest } from '#contract/settings';

export type CodecOp = 'compress' | 'estimate';

export interface CodecRequest {
  id: number;
  op: CodecOp;
  input: ArrayBuffer;
  /** The contract's typed request; the worker parses it with the schema that parses an upload's fields. */
  settings: SettingsRequest;
  /** The estimate's preview region. */
  region?: Partial<Region>;
}

export type CodecOutcome = { op: 'compress'; result: CompressResult } | { op: 'estimate'; estimate: Estimate };

export type CodecResponse = { id: number; ok: true; outcome: CodecOutcome } | { id: number; ok: false; error: SerializedError };

/** What the page says when an engine fails in a way of its own (logged in the worker; its message is no user's). */
export const BROWSER_CODEC_FAILED_MESSAGE = 'This browser could not compress the image';
