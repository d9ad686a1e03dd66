// The messages between the page and its codec workers (private mode): a file's bytes and settings fields in, the
// codec core's result (or its error) out. Bytes travel as transferred ArrayBuffers, never copied.
import type { CompressResult, Estimate, Region } from '#codec-core/index';

export type CodecOp = 'compress' | 'estimate';

export interface CodecRequest {
  id: number;
  op: CodecOp;
  input: ArrayBuffer;
  /** The settings as the API's form fields (the same schema parses them in the worker). */
  fields: Record<string, string>;
  /** The estimate's preview region. */
  region?: Partial<Region>;
}

export type CodecOutcome = { op: 'compress'; result: CompressResult } | { op: 'estimate'; estimate: Estimate };

export type CodecResponse = { id: number; ok: true; outcome: CodecOutcome } | { id: number; ok: false; message: string; code: string };
