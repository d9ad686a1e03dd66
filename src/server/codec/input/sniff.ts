// An upload's format: the codec core's sniffer for raster formats (the one both engines use), then SVG's own.
import type { InputFormat } from '#contract/settings';
import { sniffRasterFormat } from '#codec-core/container/sniff';
import { sniffSvg } from '#server/codec/svg/sniff-svg';

export { sniffImageFormat, SNIFF_BYTES } from '#codec-core/container/sniff';

/** Every format an upload may be in: the output formats, and the ones we only read (HEIC, GIF, SVG). */
export function sniffInputFormat(head: Uint8Array): InputFormat | null {
  return sniffRasterFormat(head) ?? (sniffSvg(head) ? 'svg' : null);
}
