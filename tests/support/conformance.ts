// One cell of the conformance matrix (docs/decisions/0520-conformance-matrix.md): an upload of a real file with one
// output format and mode, through one door, and what its outcome must be. Either a VERIFIED result (read by the
// reference decoder of its format, in the format asked for or one the job's note names, every frame and its timing
// kept, displayed the right way up, never larger than the upload, and pixel-identical in lossless mode or for an SVG
// kept as SVG) or a refusal AT UPLOAD whose message names the cause. Anything else is a list of what was wrong.
import { AUTO_DEFAULT_FORMATS, BROWSER_SHOWN_FORMATS, FORMAT_LABELS, IMAGE_FORMATS, ORIGINAL_OUTPUT_OF, isInputOnlyFormat, type CompressionMode, type ImageFormat, type InputFormat, type OutputFormat } from '#contract/settings';
import { FORMATS } from '#codec-core/formats/index';
import { animationOf, jpegRebuiltFromJxl, looksLike, maxDifference, parseHex, psnr, renderSvg, sniff, type Animation, type Picture, type SniffedFormat } from './reference-decode';
import type { RealFile } from './real-corpus';

/** The front door a cell went through. */
export type Door = 'web API' | 'Tinify API' | 'CLI';

export interface Cell {
  door: Door;
  input: RealFile;
  format: OutputFormat;
  mode: CompressionMode;
}

export const cellName = (c: Cell) => `${c.input.file} -> ${c.format} / ${c.mode} via ${c.door}`;

/** What the door did with the upload. */
export type Outcome =
  | { kind: 'refused'; status: number; message: string; code?: string }
  | { kind: 'failed'; message: string }
  | {
      kind: 'result';
      data: Buffer;
      /** The result's MIME type as the door states it (the job's outputMimeType, a Content-Type). */
      mimeType: string;
      uploadSize: number;
      /** The job's note on the format (null when the door has none). */
      note: string | null;
      /** The colour transparency was flattened onto, when the door says. */
      flattenedOnto?: string | null;
      /** The frame count the door reports (the job's animationFrames), when it reports one. */
      reportedFrames?: number | null;
    };

/** The reference reading of an upload, computed once per file. */
export interface Reference {
  picture: Picture;
  animation: Animation;
  /** The upload's bytes (an SVG is rendered again at a result's size to compare what it shows). */
  data: Buffer;
}

export async function referenceOf(data: Buffer): Promise<Reference> {
  return { picture: await looksLike(data), animation: await animationOf(data), data };
}

const SNIFFED_FORMAT: Partial<Record<SniffedFormat, ImageFormat | 'svg'>> = { jpeg: 'jpeg', png: 'png', apng: 'png', webp: 'webp', avif: 'avif', jxl: 'jxl', svg: 'svg' };

/** The formats a cell may come back in without a note, and whether an SVG may stay SVG. */
function expectedFormats(input: InputFormat, asked: OutputFormat): (ImageFormat | 'svg')[] {
  if (asked === 'original') return isInputOnlyFormat(input) ? (input === 'svg' ? ['svg', ORIGINAL_OUTPUT_OF.svg] : [ORIGINAL_OUTPUT_OF[input]]) : [input];
  // Auto picks the smallest of its candidates, or keeps the upload (an SVG stays SVG) when nothing is smaller.
  if (asked === 'auto') return [...AUTO_DEFAULT_FORMATS, ...(input === 'svg' ? (['svg'] as const) : isInputOnlyFormat(input) ? [] : [input])];
  return [asked];
}

/** A refusal's message must say why, not only that it failed. */
const VAGUE = /^(error|failed|invalid|bad request|unexpected|an unexpected error)/i;

/** Lowest PSNR (dB) of a lossy result against the upload, per mode: far below what any encoder setting gives, far above a lost layer or a turned picture. */
const MIN_PSNR: Record<CompressionMode, number> = { quality: 26, smart: 26, size: 20, lossless: Infinity };
/** An SVG's raster must look as the upload renders (a lost embedded image is about 21 dB). */
const MIN_SVG_PSNR = 30;
/** Frame delays within this many milliseconds count as kept (GIF stores hundredths, AVIF its own timescale). */
const DELAY_SLACK_MS = 10;
/** A delay as browsers show it: 10 ms or less (0 included) is shown as 100 ms, in every animated format. */
const shown = (ms: number) => (ms >= 0 && ms <= 10 ? 100 : ms);
/**
 * Uploads whose pixels are coded as YUV (JPEG, HEIC, AVIF, lossy WebP and JPEG XL): decoders differ in chroma
 * upsampling and rounding by a few levels, so "identical" to such an upload is judged against the reference decoder
 * within that spread; PNG, GIF and SVG uploads must match exactly.
 */
const YUV_CODED = new Set(['jpeg', 'heic', 'avif', 'webp', 'jxl']);
const MIN_LOSSLESS_PSNR_YUV = 45;
const MAX_LOSSLESS_DIFFERENCE_YUV = 16;

/**
 * Everything wrong with a cell's outcome; empty when it is right. `reference` is the upload read by the reference
 * decoders.
 */
export async function problemsOf(cell: Cell, outcome: Outcome, reference: Reference): Promise<string[]> {
  if (outcome.kind === 'refused') {
    const problems: string[] = [];
    if (outcome.status >= 500) problems.push(`refused with HTTP ${outcome.status} (a server error, not a refusal)`);
    // Backpressure says nothing about the file: the cell was never tried.
    if (outcome.status === 429) problems.push(`refused with HTTP 429 (a rate limit, not a refusal of the file): "${outcome.message}"`);
    if (!outcome.message || VAGUE.test(outcome.message)) problems.push(`refused without naming the cause: "${outcome.message}"`);
    return problems;
  }
  if (outcome.kind === 'failed') return [`not refused at upload but failed after: "${outcome.message}"`];

  const problems: string[] = [];
  const { data, note } = outcome;
  const sniffed = sniff(data);
  const got = SNIFFED_FORMAT[sniffed];
  if (!got) return [`the result is not an image of any output format (first bytes ${data.subarray(0, 12).toString('hex')})`];
  const stated = outcome.mimeType.split(';')[0]!.trim();
  const statedFormat = stated === 'image/svg+xml' ? 'svg' : IMAGE_FORMATS.find((f) => FORMATS[f].mimeType === stated);
  if (statedFormat !== got) problems.push(`the result is ${got} but is served as ${stated}`);

  const expected = expectedFormats(cell.input.format, cell.format);
  if (!expected.includes(got)) {
    const label = got === 'svg' ? 'SVG' : FORMAT_LABELS[got];
    if (!note || !note.includes(label)) problems.push(`asked for ${cell.format}, got ${got} with no note naming ${label} (note: ${JSON.stringify(note)})`);
  }
  // Never larger, except a conversion of an upload browsers cannot show (JPEG XL, HEIC, SVG drawn as pixels): handing
  // it back would undo the point of converting, so it is given, and the note must say it is larger (0585).
  const statedLarger = !BROWSER_SHOWN_FORMATS.includes(cell.input.format) && !!note?.includes('given as asked');
  if (data.length > outcome.uploadSize && !statedLarger) problems.push(`larger than the upload: ${data.length} bytes from ${outcome.uploadSize}${note ? ` (note: ${JSON.stringify(note)})` : ''}`);

  let picture: Picture;
  let animation: Animation;
  try {
    picture = await looksLike(data);
    animation = await animationOf(data);
  } catch (error) {
    return [...problems, `the reference decoder cannot read the ${got} result: ${(error as Error).message}`];
  }

  const wanted = reference.animation;
  if (wanted.frames > 1) {
    if (animation.frames !== wanted.frames) {
      if (animation.frames === 1 && note && /animat|frame/i.test(note)) {
        // Flattened, and the note says so: allowed where the output cannot animate.
      } else problems.push(`${wanted.frames} frames uploaded, ${animation.frames} in the result${note ? ` (note: ${JSON.stringify(note)})` : ', and no note says so'}`);
    } else {
      const off = wanted.delays.findIndex((d, i) => Math.abs(shown(d) - shown(animation.delays[i] ?? -1)) > DELAY_SLACK_MS);
      if (off >= 0) problems.push(`frame ${off + 1} lasts ${animation.delays[off]} ms, the upload's ${wanted.delays[off]} ms`);
    }
    if (outcome.reportedFrames !== undefined && animation.frames > 1 && outcome.reportedFrames !== animation.frames) {
      problems.push(`the job says ${outcome.reportedFrames} frames, the result has ${animation.frames}`);
    }
  } else if (animation.frames > 1) problems.push(`a still upload came back with ${animation.frames} frames`);

  let want = reference.picture;
  if (picture.width !== want.width || picture.height !== want.height) {
    problems.push(`displayed as ${picture.width}×${picture.height}, the upload as ${want.width}×${want.height} (turned or resized)`);
    if (cell.input.format !== 'svg') return problems;
    // An SVG has no pixels of its own: what it shows is still compared, rendered at the result's size.
    want = await renderSvg(reference.data, picture.width, picture.height);
  }
  if (got === 'jxl' && cell.input.format === 'jpeg' && cell.mode === 'lossless') {
    // A JPEG recompressed losslessly into JPEG XL is checked as the JPEG djxl rebuilds (its pixels are the JPEG's
    // as djpeg decodes them; libjxl's own decode of the coefficients rounds differently).
    const rebuilt = jpegRebuiltFromJxl(data);
    if (rebuilt) picture = await looksLike(rebuilt);
  }
  const background = parseHex(outcome.flattenedOnto ?? null);
  if (cell.mode === 'lossless' || (cell.input.format === 'svg' && got === 'svg')) {
    // Lossless: pixel-identical to the upload as displayed (a 16-bit upload is compared at 8 bits, so off by one).
    const worst = maxDifference(want, picture);
    const score = psnr(want, picture, background);
    const yuv = YUV_CODED.has(cell.input.format);
    const allowed = cell.input.format === 'svg' && got === 'svg' ? 8 : yuv ? MAX_LOSSLESS_DIFFERENCE_YUV : 1;
    if (worst > allowed || (yuv && score < MIN_LOSSLESS_PSNR_YUV)) problems.push(`not identical to the upload: a channel differs by ${worst} (PSNR ${score.toFixed(1)} dB)`);
  } else {
    const floor = cell.input.format === 'svg' ? Math.max(MIN_SVG_PSNR, MIN_PSNR[cell.mode]) : MIN_PSNR[cell.mode];
    const score = psnr(want, picture, background);
    if (score < floor) problems.push(`does not look like the upload: PSNR ${score.toFixed(1)} dB, at least ${floor} expected (a lost layer, a wrong frame or a turned picture)`);
  }
  return problems;
}
