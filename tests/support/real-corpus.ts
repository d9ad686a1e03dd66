// The real-file corpus (tests/fixtures/real/, sources and licences in its SOURCES.md): what kind of upload each file
// is. The conformance matrix takes its input kinds from here and checks that every upload format of the contract has
// a file, so a format added to the contract without a real file of it fails that test.
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_FORMATS, INPUT_ONLY_FORMATS, type InputFormat } from '#contract/settings';
import { REPO_ROOT } from './paths';

export const REAL_DIR = path.join(REPO_ROOT, 'tests', 'fixtures', 'real');

export interface RealFile {
  file: string;
  /** The upload format (as the contract names it; HEIF and HEIC are both `heic`). */
  format: InputFormat;
  /** Frames with timing: the result must keep them (or the note must say they were not). */
  animated: boolean;
  /** Displayed orientation differs from the stored pixels (EXIF, `irot` or a JPEG XL header). */
  rotated?: boolean;
  /**
   * The file that stands for its kind (one per upload format, still or animated) in every cell of the matrix; the
   * others, each a class of its own (rotation, bit depth, palette, a second animation), run every format in quality
   * mode and every mode in `original`, so the whole table stays within minutes.
   */
  everyCell?: true;
}

export const REAL_FILES: readonly RealFile[] = [
  { file: 'jpeg-exif-orientation-6.jpg', format: 'jpeg', animated: false, rotated: true, everyCell: true },
  { file: 'png-palette-alpha.png', format: 'png', animated: false },
  { file: 'png-rgba.png', format: 'png', animated: false, everyCell: true },
  { file: 'apng-delays.png', format: 'png', animated: true, everyCell: true },
  { file: 'apng-dispose-previous.png', format: 'png', animated: true },
  { file: 'webp-photo.webp', format: 'webp', animated: false, everyCell: true },
  { file: 'webp-animated.webp', format: 'webp', animated: true, everyCell: true },
  { file: 'avif-irot-90.avif', format: 'avif', animated: false, rotated: true, everyCell: true },
  { file: 'avif-exif-xmp.avif', format: 'avif', animated: false },
  { file: 'avif-10bit.avif', format: 'avif', animated: false },
  { file: 'avif-animated.avif', format: 'avif', animated: true, everyCell: true },
  { file: 'avif-animated-alpha.avif', format: 'avif', animated: true },
  { file: 'heic-phone.heic', format: 'heic', animated: false },
  { file: 'heic-phone-irot-3.heic', format: 'heic', animated: false, rotated: true, everyCell: true },
  { file: 'heif-rgba.heif', format: 'heic', animated: false },
  { file: 'jxl-orientation-6.jxl', format: 'jxl', animated: false, rotated: true, everyCell: true },
  { file: 'jxl-photo.jxl', format: 'jxl', animated: false },
  { file: 'jxl-16bit.jxl', format: 'jxl', animated: false },
  { file: 'jxl-animated.jxl', format: 'jxl', animated: true, everyCell: true },
  { file: 'jxl-animated-apng.jxl', format: 'jxl', animated: true },
  { file: 'jxl-10bit-alpha.jxl', format: 'jxl', animated: false },
  { file: 'jxl-premultiplied-alpha.jxl', format: 'jxl', animated: false },
  { file: 'gif-animated-fire.gif', format: 'gif', animated: true, everyCell: true },
  { file: 'gif-animated-transparent.gif', format: 'gif', animated: true },
  { file: 'svg-inkscape-embedded-png.svg', format: 'svg', animated: false, everyCell: true },
  { file: 'svg-icon-embedded-png.svg', format: 'svg', animated: false },
];

/** Every format an upload may be in, from the contract. */
export const INPUT_FORMATS: readonly InputFormat[] = [...IMAGE_FORMATS, ...INPUT_ONLY_FORMATS];

/**
 * Formats whose files can hold an animation, and the real file that stands for it. A kind without a file says why
 * here, and the corpus test reports it (today: no small public HEIF image sequence exists in the packages the corpus
 * comes from, and the reference encoder cannot write one).
 */
export const ANIMATABLE: Partial<Record<InputFormat, string>> = { gif: 'GIF', png: 'APNG', webp: 'animated WebP', avif: 'AVIF sequence', jxl: 'animated JPEG XL', heic: 'HEIF image sequence' };
export const ANIMATION_GAPS: Partial<Record<InputFormat, string>> = {
  heic: 'no small HEIF image sequence by another project was found, and libheif 1.15 cannot write one',
};

export const realPath = (file: string) => path.join(REAL_DIR, file);
export const readReal = (file: string) => fs.readFileSync(realPath(file));

/** The data files of the folder (SOURCES.md aside). */
export const filesInRealDir = () => fs.readdirSync(REAL_DIR).filter((f) => f !== 'SOURCES.md').sort();
