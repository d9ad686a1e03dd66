// The facts a compression reports, for an encoded result and for the upload passed on as it was.
import type { FormatDecision } from '#contract/api';
import { imageTraits, type ImageTraits } from './auto';
import type { Job } from './encode';
import { ENCODERS, type EncodedImage } from './encoders';
import type { CompressResult, ImageFacts, ImageFormat } from './types';

export interface Outcome {
  decision: FormatDecision | null;
  /** Null when lossless (and for the upload passed on). */
  chosenQuality: number | null;
  targetMet: boolean | null;
  /** `smart` mode: the result's perceptual score against the original; null (the default) in the other modes. */
  perceptualScore?: number | null;
}

/** Transparency only matters (for the facts) when the format flattens it: then whether the image has any. */
export function flatteningTraits(job: Job, format: ImageFormat): Promise<ImageTraits | null> {
  return !ENCODERS[format].supportsAlpha && job.meta.hasAlpha ? imageTraits(job, { colours: false }) : Promise.resolve(null);
}

export function encodedResult(job: Job, inputFacts: ImageFacts, format: ImageFormat, encoded: EncodedImage, traits: ImageTraits | null, outcome: Outcome): CompressResult {
  const flattened = !ENCODERS[format].supportsAlpha && job.meta.hasAlpha && traits?.transparent !== false;
  return {
    data: encoded.data,
    input: inputFacts,
    output: { format, bytes: encoded.data.length, width: encoded.width, height: encoded.height },
    keptOriginal: false,
    flattenedOnto: flattened ? job.background : null,
    perceptualScore: null,
    ...outcome,
  };
}

/** The upload's own pixels (its size, format and orientation), with its metadata as the policy leaves it. */
export function originalResult(inputFacts: ImageFacts, kept: Buffer, outcome: Omit<Outcome, 'chosenQuality'>): CompressResult {
  return {
    data: kept,
    input: inputFacts,
    output: { ...inputFacts, bytes: kept.length },
    keptOriginal: true,
    flattenedOnto: null,
    chosenQuality: null,
    perceptualScore: null,
    ...outcome,
  };
}
