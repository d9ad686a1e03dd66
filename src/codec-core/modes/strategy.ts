// A mode is a strategy the one pipeline (../pipeline.ts) runs for each candidate format: how that format's
// encoding is searched, which of the candidates' results wins, and what to try when none qualifies.
import type { ImageFormat } from '#contract/settings';
import { sizeOf, type Encoded, type Engine, type OpenImage, type Pixels } from '#codec-core/engine';

/** One compression in progress: the engine, the opened upload, and what the modes share. */
export interface Job<Image extends OpenImage = OpenImage> {
  engine: Engine<Image>;
  image: Image;
  /** The asked quality, clamped to 1-100. */
  quality: number;
  /** The upright pixels, decoded once when a mode needs them (smart mode's sample). */
  pixels(): Promise<Pixels>;
  /** When Auto stops starting new candidates (epoch milliseconds), or null for no budget (0516). */
  searchEndsAt: number | null;
  /** The clock the budget is measured with, in epoch milliseconds. */
  now(): number;
}

/** A candidate format's outcome. */
export interface Found {
  format: ImageFormat;
  encoded: Encoded;
  /** The quality of our scale it was encoded at; null when lossless. */
  quality: number | null;
  /** `size` mode: at most the target. */
  fits?: boolean;
  /** `size` mode: the smallest encoding made while searching this format (what is left when nothing fits). */
  smallest?: Found;
  /** `smart` mode: the perceptual score the search measured. */
  score?: number;
}

export interface Skipped {
  skipped: string;
}

export interface Strategy {
  /** The candidates in the order they are searched. */
  order(formats: readonly ImageFormat[]): ImageFormat[];
  /** The bytes the upload must not exceed to be the result before anything is encoded (size mode's target), or null. */
  settlesBeforeEncoding(job: Job): number | null;
  /** One candidate's search; it may see what the candidates before it found. */
  search(job: Job, format: ImageFormat, found: readonly Found[]): Promise<Found | Skipped>;
  /** The winner among the candidates' outcomes, or null when none qualifies. */
  choose(found: readonly Found[]): Found | null;
  /** When choose() finds none: one more try, or the best that is left (size mode: a downscale, else the smallest). */
  fallback(job: Job, found: readonly Found[]): Promise<Found | null>;
}

/**
 * Candidate formats, likeliest to give the smallest file at the same visual quality first (AVIF then JPEG XL beat
 * WebP, which beats JPEG, on the corpus photos; PNG only wins for flat graphics, where Auto keeps it anyway). Auto
 * searches in this order so that when its time budget stops the search (0516) the best answer is likely among those
 * tried, and size mode so the formats after the first mostly cost one encode each. A record, so a format added to the
 * contract cannot be left without a place (JPEG XL once was in size mode: every such job failed).
 */
const LIKELY_SMALLEST: Record<ImageFormat, number> = { avif: 0, jxl: 1, webp: 2, jpeg: 3, png: 4 };

export const likeliestFirst = (formats: readonly ImageFormat[]): ImageFormat[] =>
  [...new Set(formats)].sort((a, b) => LIKELY_SMALLEST[a] - LIKELY_SMALLEST[b]);

/** The size a candidate stands for: its encoding's, or the whole image's estimated from a sample. */
export const bytesOf = (found: Found) => sizeOf(found.encoded);

/** The smallest outcome (the first of equals), or null. */
export function smallestOf(found: readonly Found[]): Found | null {
  let best: Found | null = null;
  for (const f of found) if (!best || bytesOf(f) < bytesOf(best)) best = f;
  return best;
}
