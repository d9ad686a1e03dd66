// What a compression gives back: the bytes and the facts the job row and the card show.
import type { FormatDecision } from '#contract/api';
import type { ImageFormat, InputFormat } from '#contract/settings';

/** Width and height are as displayed, i.e. after the orientation is applied. */
export interface ImageFacts {
  /** The upload's facts name its own format, which may be one we only read (HEIC). */
  format: InputFormat;
  bytes: number;
  width: number;
  height: number;
}

export interface CompressResult {
  data: Uint8Array;
  input: ImageFacts;
  output: ImageFacts & { format: ImageFormat };
  /**
   * True when the upload itself is the result (0% saved): its pixels byte for byte, with only the metadata the
   * settings keep, so `data` can be a few bytes shorter than the upload.
   */
  keptOriginal: boolean;
  /** The background colour transparent pixels were flattened onto (JPEG output of a transparent image), or null. */
  flattenedOnto: string | null;
  /** For `auto`: every candidate's size and the winner. */
  decision: FormatDecision | null;
  /** The quality (our 1-100 scale) the result was encoded at: the given one, or the one a search chose; null when lossless or the upload was kept. */
  chosenQuality: number | null;
  /** `size` mode: whether the result is at most `targetSize`; null in the other modes. */
  targetMet: boolean | null;
  /** `smart` mode: the SSIMULACRA 2 score of the result against the original (100: identical); null in the other modes. */
  perceptualScore: number | null;
  /** An animation's frame count (input and output have the same frames); absent for a still image. */
  frames?: number;
  /**
   * What the result left out or cut short that the user asked for, one sentence each, said in the job's note: frames
   * of an image sequence not kept, Auto's search stopped at its time limit. Absent when nothing was (0515).
   */
  notes?: string[];
}
