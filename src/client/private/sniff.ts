// What the browser engine must not try, said per upload. The bytes are read by the codec core's one sniffer and
// walkers (src/codec-core/container): this file only words the refusals.
import { apngHeader, isAnimatedWebp, isAvifSequence, sniffImageFormat, sniffRasterFormat } from '#codec-core/index';
import { FORMAT_LABELS, type ImageFormat } from '#contract/settings';

/** What this device's engines make: JPEG XL is made by the server only (libjxl's tools, docs/decisions/0401). */
export const ENCODED_ON_DEVICE: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'avif'];

/** Why a format outside ENCODED_ON_DEVICE is refused here (the engines' `cannotEncode`). */
export const madeOnServersOnly = (format: ImageFormat) =>
  `${FORMAT_LABELS[format]} results are made on our servers only. Turn private mode off, or choose another format.`;

/** The upload's format from its magic bytes: the core's sniffer, under the name this folder has used. */
export const sniffFormat = sniffImageFormat;

/** SVG is text: its root element near the start (the server's sniffer reads its prolog in full). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

/**
 * What the browser engine must not try, with the reason it is refused, or null. These need our servers: HEIC and
 * JPEG XL (no decoder here, or not in every browser), SVG (rendered and minified there), and anything animated
 * (GIF, animated WebP, APNG, AVIF sequences), of which the browser's decoding would keep only the first frame.
 */
export function needsServer(bytes: Uint8Array): string | null {
  const why = (what: string, detail: string) => `${what} needs our servers: ${detail}. Turn private mode off to compress this file.`;
  const format = sniffRasterFormat(bytes);
  if (format === 'avif' && isAvifSequence(bytes)) return why('An animated AVIF', 'in this browser only its first frame would be kept');
  if (format === 'heic') return why('HEIC', 'browsers cannot decode it');
  if (format === 'jxl') return why('JPEG XL', 'not every browser can decode it');
  if (format === 'gif') return why('GIF', 'its animation and palette are handled there, in this browser only the first frame would be kept');
  if (format === 'png' && (apngHeader(bytes)?.frames ?? 1) > 1) return why('An animated PNG', 'in this browser only its first frame would be kept');
  if (format === 'webp' && isAnimatedWebp(bytes)) return why('An animated WebP', 'in this browser only its first frame would be kept');
  if (!format && looksLikeSvg(bytes)) return why('SVG', 'vector images are rendered and minified there');
  return null;
}
