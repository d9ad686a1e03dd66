// What the codec pool plans for each request before it runs: its limits (the one place time limits are set, from
// what the request will encode: every Auto candidate, the mode's searches; unless a caller fixed them, as tests do)
// and the work its memory budget is planned from (memory-estimate.ts).
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { autoSearchSeconds, codecTimeLimit, type CodecLimits } from '#server/codec/planning';
import type { WorkPlan } from './memory-estimate';
import type { CodecRequest, CodecTask, EstimateFileRequest, ImageHeader } from './protocol';

export interface PlannedTask {
  task: CodecTask;
  plan: WorkPlan & { inputPath: string; inputHeader?: ImageHeader | null };
}

function limitsFor(given: Partial<CodecLimits> | undefined, timeoutSeconds: number): CodecLimits {
  return { maxPixels: given?.maxPixels ?? MAX_INPUT_PIXELS, timeoutSeconds: given?.timeoutSeconds ?? timeoutSeconds };
}

export function planCompress(request: CodecRequest, baseTimeout: number): PlannedTask {
  const { settings, inputFormat, inputPath } = request;
  const limits = limitsFor(request.limits, codecTimeLimit(baseTimeout, settings.format, inputFormat, settings.formats, settings));
  // Auto tries its candidates within the time its slowest one would get alone (0516); never past the hard limit.
  if (settings.format === 'auto') limits.searchSeconds = Math.min(limits.timeoutSeconds, autoSearchSeconds(baseTimeout, settings.formats, settings));
  // A Tinify cover or thumb may enlarge: planned from the larger of input and output (outputPixels).
  const plan = { inputPath, inputHeader: request.inputHeader, format: settings.format, formats: settings.formats, control: settings, outputPixels: request.outputPixels };
  const { inputHeader: _read, ...sent } = request;
  return { task: { kind: 'compress', request: { ...sent, limits } }, plan };
}

/**
 * An estimate is the pipeline run over a quarter-megapixel sample (the core's estimate.ts): planned as the mode's
 * compression of the whole image, which bounds it from above (smart mode's metric planes included).
 */
export function planEstimate(request: EstimateFileRequest, baseTimeout: number): PlannedTask {
  const { settings } = request;
  const { format, formats } = settings;
  const limits = limitsFor(request.limits, codecTimeLimit(baseTimeout, format, request.inputFormat, formats, settings));
  const { inputHeader, ...sent } = request;
  return { task: { kind: 'estimate', request: { ...sent, limits } }, plan: { inputPath: request.inputPath, inputHeader, format, formats, control: settings } };
}
