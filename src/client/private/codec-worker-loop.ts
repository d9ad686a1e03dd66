// A private-mode codec worker's loop, whatever engine it runs (the single-threaded encoders, or libvips on the
// isolated page): one request at a time, its settings parsed as the API parses an upload's fields, run by the codec core's pipeline, its
// result or error posted back. Cancelling is the pool's: it ends the worker (worker-pool.ts).
import { compress, estimate, CodecError, serializeError, type Engine } from '#codec-core/index';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { compressSettingsSchema, withoutType } from '#contract/settings-schema';
import { BROWSER_CODEC_FAILED_MESSAGE, type CodecOutcome, type CodecRequest, type CodecResponse } from './codec-protocol';

/** The browser's own limits: the device's memory, not a server's. Time is the user's to cancel. */
const LIMITS = { maxPixels: MAX_INPUT_PIXELS, timeoutSeconds: 0 };

async function run(engine: Engine, request: CodecRequest): Promise<CodecOutcome> {
  const parsed = compressSettingsSchema.safeParse(request.settings);
  if (!parsed.success) throw new CodecError('unsupported-format', parsed.error.issues[0]?.message ?? 'Invalid settings');
  // Encodings carry no metadata: `strip` is the only policy private mode offers.
  const settings = withoutType({ ...parsed.data, metadata: 'strip' as const });
  const input = new Uint8Array(request.input);
  if (request.op === 'estimate') return { op: 'estimate', estimate: await estimate(engine, input, settings, LIMITS, request.region) };
  return { op: 'compress', result: await compress(engine, input, settings, LIMITS) };
}

const transferables = (outcome: CodecOutcome): Transferable[] => {
  const data = outcome.op === 'compress' ? outcome.result.data : outcome.estimate.preview;
  return data.buffer instanceof ArrayBuffer ? [data.buffer] : [];
};

function fail(id: number, error: unknown): void {
  const known = error instanceof CodecError;
  // An engine's own failure is logged here and said in general words: its message is no user's.
  if (!known) console.error(error);
  const response: CodecResponse = { id, ok: false, error: known ? serializeError(error) : { message: BROWSER_CODEC_FAILED_MESSAGE } };
  self.postMessage(response);
}

/** Answers this worker's requests with `engine`. */
export function serveCodecRequests(engine: Engine): void {
  /** The file under way: an encoder that fails while loading may only reject a promise nobody awaits. */
  let current: number | null = null;

  self.onmessage = async (event: MessageEvent<CodecRequest>) => {
    const request = event.data;
    current = request.id;
    try {
      const outcome = await run(engine, request);
      const response: CodecResponse = { id: request.id, ok: true, outcome };
      self.postMessage(response, { transfer: transferables(outcome) });
    } catch (error) {
      fail(request.id, error);
    } finally {
      current = null;
    }
  };

  self.addEventListener('unhandledrejection', (event) => {
    if (current !== null) fail(current, event.reason);
  });
}
