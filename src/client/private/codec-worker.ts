// A private-mode codec worker: runs the codec core's pipeline with the browser engine, one file at a time, off the
// page's thread. Single-threaded WebAssembly, so the page needs no cross-origin isolation (and ads keep working).
import { compress, estimate, CodecError } from '#codec-core/index';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { compressSettingsSchema } from '#contract/settings-schema';
import { browserEngine } from './browser-engine';
import type { CodecOutcome, CodecRequest, CodecResponse } from './codec-protocol';

/** The browser's own limits: the device's memory, not a server's. Time is the user's to cancel. */
const LIMITS = { maxPixels: MAX_INPUT_PIXELS, timeoutSeconds: 0 };

async function run(request: CodecRequest): Promise<CodecOutcome> {
  const parsed = compressSettingsSchema.safeParse(request.fields);
  if (!parsed.success) throw new CodecError('unsupported-format', parsed.error.issues[0]?.message ?? 'Invalid settings');
  // Encodings carry no metadata: `strip` is the only policy private mode offers.
  const { type: _type, ...settings } = { ...parsed.data, metadata: 'strip' as const };
  const input = new Uint8Array(request.input);
  if (request.op === 'estimate') return { op: 'estimate', estimate: await estimate(browserEngine, input, settings, LIMITS, request.region) };
  return { op: 'compress', result: await compress(browserEngine, input, settings, LIMITS) };
}

const transferables = (outcome: CodecOutcome): Transferable[] => {
  const data = outcome.op === 'compress' ? outcome.result.data : outcome.estimate.preview;
  return data.buffer instanceof ArrayBuffer ? [data.buffer] : [];
};

/** The file under way: an encoder that fails while loading may only reject a promise nobody awaits. */
let current: number | null = null;

function fail(id: number, error: unknown): void {
  const known = error instanceof CodecError;
  if (!known) console.error(error);
  const message = known ? error.message : 'This browser could not compress the image';
  const response: CodecResponse = { id, ok: false, message, code: known ? error.kind.toUpperCase().replace(/-/g, '_') : 'BROWSER_CODEC_FAILED' };
  self.postMessage(response);
}

self.onmessage = async (event: MessageEvent<CodecRequest>) => {
  const request = event.data;
  current = request.id;
  try {
    const outcome = await run(request);
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
