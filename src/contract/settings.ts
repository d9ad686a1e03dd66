// Compression settings: the types, formats and their names, shared by the browser, the server and the CLI. The
// schema that validates them as the API takes them is settings-schema.ts (kept apart: the browser needs no zod).

export const COMPRESSION_TYPES = ['high', 'web', 'standard', 'maximum'] as const;
export type CompressionType = (typeof COMPRESSION_TYPES)[number];

/**
 * How the quality of a result is chosen. `quality`: the given quality (today's behaviour). `smart`: per image, the
 * lowest quality whose perceptual score stays within the visual quality the given quality stands for
 * (docs/decisions/0282-smart-mode.md). `size`: the largest encoding not above `targetSize` bytes. `lossless`:
 * pixel-identical output.
 */
export const COMPRESSION_MODES = ['quality', 'smart', 'size', 'lossless'] as const;
export type CompressionMode = (typeof COMPRESSION_MODES)[number];

/** What happens to the upload's metadata: all private metadata removed (default); kept without GPS; all kept. */
export const METADATA_POLICIES = ['strip', 'keep', 'keep-all'] as const;
export type MetadataPolicy = (typeof METADATA_POLICIES)[number];

/** Smallest `targetSize` the size mode accepts, in bytes; largest `maxWidth`/`maxHeight`, in pixels. */
export const MIN_TARGET_SIZE = 1024;
export const MAX_RESIZE_DIMENSION = 16_384;

// The messages of the control settings, shared by the API's schema and the settings panel (which checks a field as
// it is typed and shows the same sentence next to it, without shipping zod to the browser).
export const TARGET_SIZE_MESSAGE = `targetSize must be a whole number of bytes, at least ${MIN_TARGET_SIZE.toLocaleString('en-US')}`;
export const dimensionMessage = (name: 'maxWidth' | 'maxHeight') =>
  `${name} must be a whole number of pixels from 1 to ${MAX_RESIZE_DIMENSION.toLocaleString('en-US')}`;

/** Why a resize bound is not acceptable, or null (undefined: no bound). */
export function dimensionProblem(name: 'maxWidth' | 'maxHeight', value: number | undefined): string | null {
  if (value === undefined) return null;
  return Number.isInteger(value) && value >= 1 && value <= MAX_RESIZE_DIMENSION ? null : dimensionMessage(name);
}

/** Why a size-mode target is not acceptable, or null. */
export function targetSizeProblem(bytes: number | undefined): string | null {
  if (bytes === undefined) return `targetSize is required in size mode (${TARGET_SIZE_MESSAGE.replace('targetSize must be ', '')})`;
  return Number.isInteger(bytes) && bytes >= MIN_TARGET_SIZE ? null : TARGET_SIZE_MESSAGE;
}

/** Formats we decode and encode. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'jxl'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** What a job may be asked to produce: a fixed format, the input's own (`original`), or the smallest (`auto`). */
export const OUTPUT_FORMATS = ['original', ...IMAGE_FORMATS, 'auto'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const FORMAT_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  jxl: 'image/jxl',
};

/**
 * What Auto chooses among when the viewer names no formats: JPEG XL only when the browser says it can show it
 * (it sends `formats` with jxl), since most browsers in use cannot yet (docs/decisions/0401-jpeg-xl.md).
 */
export const AUTO_DEFAULT_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'avif'];

/**
 * Formats every current browser shows: an upload in one of them can stand in for a conversion that came out larger
 * (0585); one in another (JPEG XL, HEIC, SVG drawn as pixels) was converted to be shown, so the conversion is given.
 */
export const BROWSER_SHOWN_FORMATS: readonly InputFormat[] = [...AUTO_DEFAULT_FORMATS, 'gif'];

/** The extension a file of this format is named with (without the dot). */
export const FORMAT_EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', jxl: 'jxl' };

export const FORMAT_LABELS: Record<OutputFormat, string> = {
  original: 'Keep original',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  jxl: 'JPEG XL',
  auto: 'Auto',
};

/**
 * Formats we read but never write: their pixels are decoded in the codec process and written in a format every
 * browser shows. HEIC (iPhone photos, HEVC-coded HEIF): docs/decisions/0400-heic-input.md; GIF (still or
 * animated): docs/decisions/0402-animation.md; SVG (sanitised, then rasterised at the size a browser shows it):
 * docs/decisions/0403-svg-input.md, 0590.
 */
export const INPUT_ONLY_FORMATS = ['heic', 'gif', 'svg'] as const;
export type InputOnlyFormat = (typeof INPUT_ONLY_FORMATS)[number];
/** Every format an upload may be in. */
export type InputFormat = ImageFormat | InputOnlyFormat;

export const INPUT_ONLY_MIME_TYPES: Record<InputOnlyFormat, string> = { heic: 'image/heic', gif: 'image/gif', svg: 'image/svg+xml' };
export const INPUT_ONLY_LABELS: Record<InputOnlyFormat, string> = { heic: 'HEIC', gif: 'GIF', svg: 'SVG' };

/**
 * What `original` gives for an input-only format: for HEIC, JPEG, the one format every browser and photo tool shows;
 * for GIF, (animated) WebP, which every current browser shows at a fraction of a GIF's size.
 */
export const ORIGINAL_OUTPUT_OF: Record<InputOnlyFormat, ImageFormat> = { heic: 'jpeg', gif: 'webp', svg: 'png' };
const ORIGINAL_OUTPUT_REASON: Record<InputOnlyFormat, string> = {
  heic: 'browsers other than Safari cannot show HEIC',
  gif: 'WebP keeps the animation, usually in a smaller file, and every current browser shows it',
  svg: 'rendered at the size asked for, with transparency kept',
};

export const isInputOnlyFormat = (format: string): format is InputOnlyFormat => (INPUT_ONLY_FORMATS as readonly string[]).includes(format);

/** The MIME type an upload in this format is recorded with. */
export const inputMimeType = (format: InputFormat): string => (isInputOnlyFormat(format) ? INPUT_ONLY_MIME_TYPES[format] : FORMAT_MIME_TYPES[format]);

/** The input-only format of a recorded MIME type (image/heif too), or null. */
export function inputOnlyFormatOfMimeType(mimeType: string): InputOnlyFormat | null {
  if (mimeType === 'image/heif') return 'heic';
  return INPUT_ONLY_FORMATS.find((f) => INPUT_ONLY_MIME_TYPES[f] === mimeType) ?? null;
}

/**
 * Why the result's format is not the upload's although `original` was asked for, or null: the sentence the card and
 * the API show for an input-only format. An SVG stays SVG unless a size it does not fit was asked for, which only
 * the result (`outputMime`, null until there is one) tells.
 */
export function originalFormatNote(inputMime: string, asked: OutputFormat, outputMime: string | null = null): string | null {
  const from = inputOnlyFormatOfMimeType(inputMime);
  if (!from || asked !== 'original') return null;
  if (from === 'svg' && (outputMime === null || outputMime === inputMime)) return null;
  // A GIF no WebP made smaller is passed on as it came: nothing was converted, so nothing is claimed.
  if (outputMime === inputMime) return null;
  return `${INPUT_ONLY_LABELS[from]} converted to ${FORMAT_LABELS[ORIGINAL_OUTPUT_OF[from]]}: ${ORIGINAL_OUTPUT_REASON[from]}`;
}

export function formatOfMimeType(mimeType: string): ImageFormat | null {
  return IMAGE_FORMATS.find((f) => FORMAT_MIME_TYPES[f] === mimeType) ?? null;
}

/**
 * The format `original` makes of a stored upload, by the MIME type sniffed at intake: its own, or for a format we
 * only read the one ORIGINAL_OUTPUT_OF names. What the codec's time and memory are planned for. Every stored upload
 * was sniffed as one of the accepted types, so any other is a broken invariant, not a guess to make.
 */
export function originalOutputOfMimeType(mimeType: string): ImageFormat {
  const inputOnly = inputOnlyFormatOfMimeType(mimeType);
  const format = inputOnly ? ORIGINAL_OUTPUT_OF[inputOnly] : formatOfMimeType(mimeType);
  if (!format) throw new Error(`${mimeType} is not an accepted image type`);
  return format;
}

/** Extensions that name an image format; they are replaced, not kept, when the format changes. */
const IMAGE_EXTENSION = /\.(jpe?g|jpe|jfif|png|webp|avif|jxl|heic|heif|gif|svg)$/i;

/**
 * The download name of a result: the upload's name, with the output format's extension when the format
 * changed ("photo.jpg" -> "photo.avif"; "scan" -> "scan.webp"). Same format: the name stays as uploaded.
 */
export function outputFilename(filename: string, inputMimeType: string, outputMimeType: string | null): string {
  const format = outputMimeType ? formatOfMimeType(outputMimeType) : null;
  if (!format || inputMimeType === outputMimeType) return filename;
  const stem = filename.replace(IMAGE_EXTENSION, '');
  return `${stem || 'image'}.${FORMAT_EXTENSIONS[format]}`;
}

export const DEFAULT_BACKGROUND = '#ffffff';

/** CSS's basic colour keywords: enough for "white", "black" and a brand-neutral grey without a colour library. */
const NAMED_COLOURS: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  red: '#ff0000',
  maroon: '#800000',
  yellow: '#ffff00',
  olive: '#808000',
  lime: '#00ff00',
  green: '#008000',
  aqua: '#00ffff',
  teal: '#008080',
  blue: '#0000ff',
  navy: '#000080',
  fuchsia: '#ff00ff',
  purple: '#800080',
};

/** '#rgb', '#rrggbb' or a basic colour name -> '#rrggbb' in lower case; null when it is none of those. */
export function parseColour(text: string): string | null {
  const s = text.trim().toLowerCase();
  if (NAMED_COLOURS[s]) return NAMED_COLOURS[s];
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${[...s.slice(1)].map((c) => c + c).join('')}`;
  return null;
}

/**
 * Every setting's default, the one place defaults live: the settings schema applies them (settings-schema.ts), and
 * the browser's panels start from them without loading the schema.
 */
export const SETTING_DEFAULTS = {
  format: 'original',
  background: DEFAULT_BACKGROUND,
  mode: 'quality',
  allowResize: false,
  metadata: 'strip',
} as const satisfies { format: OutputFormat; background: string; mode: CompressionMode; allowResize: boolean; metadata: MetadataPolicy };

/**
 * The compression settings as a client sends them, typed: what the settings schema accepts (settings-schema.ts),
 * before its defaults. The tool hands this one value to either job source: the server's adapter turns it into form
 * fields (settingsFormFields), private mode's workers parse it with the same schema. Absent, null and false mean
 * "not given", as a blank form field does.
 */
export interface SettingsRequest {
  quality: number;
  type: CompressionType;
  format: OutputFormat;
  background?: string;
  /** Auto's candidates, comma-separated ("avif,webp"); every format when absent. */
  formats?: string;
  mode: CompressionMode;
  metadata: MetadataPolicy;
  targetSize?: number;
  allowResize?: boolean;
  maxWidth?: number | null;
  maxHeight?: number | null;
}

/** A settings request as form fields: every given value as a string, the ones not given left out. */
export function settingsFormFields(settings: SettingsRequest): [name: string, value: string][] {
  return Object.entries(settings)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => [name, String(value)]);
}
