// Valid files of a format we take that use a part of it we cannot keep, named from their first bytes (nothing
// decoded), so the upload is refused with the feature's name instead of failing later as "damaged"
// (docs/decisions/0512-unsupported-features-named.md). The codec asks the same question of the whole file.
import { CodecError } from '#codec-core/errors';
import { isoBoxes } from '#codec-core/index';
import { jxlFeatures } from './jxl-features';
import { sniffInputFormat } from './sniff';

export const ANIMATED_AVIF_INPUT_MESSAGE =
  'Animated AVIF is not supported: please upload the animation as GIF, animated WebP or animated PNG, or a still AVIF';
export const HEIF_SEQUENCE_MESSAGE =
  'HEIF image sequences without a still picture are not supported: please upload a still HEIC, or the animation as GIF, animated WebP or animated PNG';
export const JXL_PREMULTIPLIED_MESSAGE =
  'Premultiplied alpha in JPEG XL is not supported: please save the image with straight (unassociated) alpha, or without transparency';

/** The brands of a file's leading `ftyp` box (major first), or null when it has none. */
function brands(head: Uint8Array): string[] | null {
  const first = isoBoxes(head).next();
  if (first.done || first.value.type !== 'ftyp') return null;
  const { start, end } = first.value;
  const text = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  const found = [text(start)];
  for (let at = start + 8; at + 4 <= Math.min(end, head.length); at += 4) found.push(text(at));
  return found;
}

/** Top-level box types in `head`, as far as it goes. */
const topLevel = (head: Uint8Array) => new Set([...isoBoxes(head)].map((box) => box.type));

/**
 * The feature that makes this upload one we cannot compress as the user expects, or null. `head` may be the file's
 * first bytes (at upload) or the whole file (in the codec).
 * - An AVIF image sequence (`avis` as its major brand): libvips's AVIF reader opens no such file, and its still
 *   picture alone would silently drop the animation.
 * - A HEIF image sequence with no still picture (an `msf1` brand, a `moov` box and no `meta` box before it): there is
 *   nothing here to read it with. One with a still picture is compressed as that still, and the job's note says the
 *   sequence was not kept.
 * - A JPEG XL whose alpha is premultiplied: the reference decoder installed cannot write it out faithfully.
 */
export function unsupportedFeature(head: Uint8Array): string | null {
  const format = sniffInputFormat(head);
  if (format === 'jxl') return jxlFeatures(head)?.premultipliedAlpha ? JXL_PREMULTIPLIED_MESSAGE : null;
  const named = brands(head);
  if (!named) return null;
  if (named[0] === 'avis') return ANIMATED_AVIF_INPUT_MESSAGE;
  if (!named.includes('msf1')) return null;
  const boxes = topLevel(head);
  return boxes.has('moov') && !boxes.has('meta') ? HEIF_SEQUENCE_MESSAGE : null;
}

export const HEIF_SEQUENCE_NOTE = 'Only the still picture was kept: the image sequence in this HEIF file (its other frames) cannot be converted here.';

/**
 * What compressing this upload leaves out that its user may have wanted, said in the job's note (0515): a HEIC that
 * holds an image sequence (a `moov` box) beside its still picture is compressed as that still.
 */
export function droppedFeatureNotes(input: Uint8Array): string[] {
  if (sniffInputFormat(input) !== 'heic') return [];
  const boxes = topLevel(input);
  return boxes.has('moov') && boxes.has('meta') ? [HEIF_SEQUENCE_NOTE] : [];
}

/** The codec's check of the whole file: the same refusal, as a CodecError. */
export function refuseUnsupportedFeature(input: Uint8Array): void {
  const message = unsupportedFeature(input);
  if (message) throw new CodecError('unsupported-feature', message);
}
