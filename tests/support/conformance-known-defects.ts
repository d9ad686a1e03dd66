// Cells of the conformance matrix that do not conform yet, each named with the defect class it shows. A listed cell
// runs as an expected failure (`it.fails`): it must still fail, so the day its defect is fixed the test fails and
// the line must go. A defect is never hidden by weakening a check or skipping a cell; this list is the open work of
// docs/decisions/0520-conformance-matrix.md, and it only ever shrinks.
import { cellName, type Cell } from './conformance';

/** cellName(cell) -> the defect class, as the closing note and the decision record name it. */
export const KNOWN_DEFECTS: ReadonlyMap<string, string> = new Map<string, string>(
  Object.entries({
    "svg-icon-embedded-png.svg -> avif / quality via web API": "a 15-pixel icon in lossy quality mode is below an SVG raster's 30 dB (22-27 dB at the default quality): lossy coding of a tiny saturated drawing",
    "svg-icon-embedded-png.svg -> jpeg / quality via web API": "a 15-pixel icon in lossy quality mode is below an SVG raster's 30 dB (22-27 dB at the default quality): lossy coding of a tiny saturated drawing",
    "svg-icon-embedded-png.svg -> jxl / quality via web API": "a 15-pixel icon in lossy quality mode is below an SVG raster's 30 dB (22-27 dB at the default quality): lossy coding of a tiny saturated drawing",
    "svg-icon-embedded-png.svg -> webp / quality via web API": "a 15-pixel icon in lossy quality mode is below an SVG raster's 30 dB (22-27 dB at the default quality): lossy coding of a tiny saturated drawing",
    "svg-inkscape-embedded-png.svg -> avif / lossless via web API": "an SVG's lossless raster is larger than the upload, and librsvg in sharp (2.63) and the reference rsvg-convert (2.54) differ by one level of coverage at two edge pixels",
    "svg-inkscape-embedded-png.svg -> jxl / lossless via web API": "an SVG's lossless raster is larger than the upload, and librsvg in sharp (2.63) and the reference rsvg-convert (2.54) differ by one level of coverage at two edge pixels",
    "svg-inkscape-embedded-png.svg -> png / lossless via web API": "an SVG's lossless raster is larger than the upload, and librsvg in sharp (2.63) and the reference rsvg-convert (2.54) differ by one level of coverage at two edge pixels",
    "svg-inkscape-embedded-png.svg -> webp / lossless via CLI": "an SVG's lossless raster is larger than the upload, and librsvg in sharp (2.63) and the reference rsvg-convert (2.54) differ by one level of coverage at two edge pixels",
    "svg-inkscape-embedded-png.svg -> webp / lossless via web API": "an SVG's lossless raster is larger than the upload, and librsvg in sharp (2.63) and the reference rsvg-convert (2.54) differ by one level of coverage at two edge pixels",
  }),
);

/** The defect class a cell shows today, or undefined when it must conform. */
export const knownDefect = (cell: Cell): string | undefined => KNOWN_DEFECTS.get(cellName(cell));
