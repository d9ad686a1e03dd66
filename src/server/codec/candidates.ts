// Which candidates Auto tries for an upload, and when the upload itself may be the result.
import type { FormatDecision } from '#contract/api';
import { MAX_PNG_PIXELS } from '#contract/limits';
import { imageTraits, planAutoCandidates, planLosslessCandidates, type AutoPlan, type ImageTraits } from './auto';
import type { Job } from './encode';
import { ENCODERS } from './encoders';
import { keepOriginalWith } from './keep-original';
import type { ImageFormat } from './types';

/** The upload as the result, when it may be passed on (its format, its size); see keep-original.ts. */
export function keptUpload(job: Job): Buffer | null {
  return job.bounded ? null : keepOriginalWith(job.input, job.inputFormat, job.meta, job.policy);
}

/** Auto's candidates for the mode (lossy or lossless), with PNG left out over its pixel limit. */
export async function autoPlan(job: Job, allowed: readonly ImageFormat[]): Promise<{ plan: AutoPlan; traits: ImageTraits }> {
  // A decoded JPEG is never a graphic (its noise alone has more colours), and it has no alpha: no need to look.
  const traits = job.inputFormat === 'jpeg' ? { transparent: false, photographic: true } : await imageTraits(job, { colours: true });
  const plan = job.mode === 'lossless' ? planLosslessCandidates(allowed, traits, ENCODERS) : planAutoCandidates(allowed, traits, ENCODERS);
  if (job.meta.width! * job.meta.height! > MAX_PNG_PIXELS && plan.formats.includes('png') && plan.formats.length > 1) {
    plan.formats = plan.formats.filter((f) => f !== 'png');
    plan.skipped.push({ format: 'png', reason: `over the ${MAX_PNG_PIXELS / 1_000_000} megapixel limit for PNG` });
  }
  return { plan, traits };
}

/**
 * The upload as Auto's candidate, when the viewer can display its format and it can be passed on as the policy
 * asks; recorded in the decision either way.
 */
export function uploadCandidate(job: Job, allowed: readonly ImageFormat[], decision: FormatDecision): Buffer | null {
  if (!allowed.includes(job.inputFormat)) return null;
  if (job.bounded) {
    decision.skipped.push({ format: job.inputFormat, reason: 'the original is larger than the size asked for' });
    return null;
  }
  const kept = keepOriginalWith(job.input, job.inputFormat, job.meta, job.policy);
  if (kept) decision.candidates.push({ format: job.inputFormat, bytes: kept.length, original: true });
  else decision.skipped.push({ format: job.inputFormat, reason: 'the original carries metadata that cannot be removed without re-encoding' });
  return kept;
}

