// Compression settings as one schema: the upload form, recompress, the CLI and the OpenAPI document all use it.
// Each field's message names the field, so a 400 says which setting was wrong.
import { z } from 'zod';

export const COMPRESSION_TYPES = ['high', 'web', 'standard', 'maximum'] as const;
export type CompressionType = (typeof COMPRESSION_TYPES)[number];

/** Formats we decode and encode. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** What a job may be asked to produce: a fixed format, the input's own (`original`), or the smallest (`auto`). */
export const OUTPUT_FORMATS = ['original', ...IMAGE_FORMATS, 'auto'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const FORMAT_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The extension a file of this format is named with (without the dot). */
export const FORMAT_EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

export const FORMAT_LABELS: Record<OutputFormat, string> = {
  original: 'Keep original',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  auto: 'Auto',
};

export function formatOfMimeType(mimeType: string): ImageFormat | null {
  return IMAGE_FORMATS.find((f) => FORMAT_MIME_TYPES[f] === mimeType) ?? null;
}

/** Extensions that name an image format; they are replaced, not kept, when the format changes. */
const IMAGE_EXTENSION = /\.(jpe?g|jpe|jfif|png|webp|avif)$/i;

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

const BACKGROUND_MESSAGE = 'Background must be a colour such as #fff, #ffffff or white';
const FORMAT_MESSAGE = `Format must be one of ${OUTPUT_FORMATS.join(', ')}`;
const FORMATS_MESSAGE = `Formats must be a comma-separated list of ${IMAGE_FORMATS.join(', ')}`;
const QUALITY_MESSAGE = 'Quality must be an integer from 1 to 100';

const background = z
  .string({ error: BACKGROUND_MESSAGE })
  .max(32, BACKGROUND_MESSAGE)
  .transform((s, ctx) => {
    const colour = parseColour(s);
    if (colour) return colour;
    ctx.addIssue({ code: 'custom', message: BACKGROUND_MESSAGE });
    return z.NEVER;
  });

/** Auto's candidates: "avif,webp,jpeg,png" (order does not matter, duplicates are ignored). */
const candidateFormats = z
  .string({ error: FORMATS_MESSAGE })
  .max(64, FORMATS_MESSAGE)
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean);
    const known = parts.filter((p): p is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(p));
    if (parts.length === 0 || known.length !== parts.length) {
      ctx.addIssue({ code: 'custom', message: FORMATS_MESSAGE });
      return z.NEVER;
    }
    return IMAGE_FORMATS.filter((f) => known.includes(f));
  });

export const compressSettingsSchema = z.object({
  quality: z.coerce
    .number({ error: QUALITY_MESSAGE })
    .int(QUALITY_MESSAGE)
    .min(1, QUALITY_MESSAGE)
    .max(100, QUALITY_MESSAGE)
    .default(80),
  type: z.enum(COMPRESSION_TYPES, { error: `Type must be one of ${COMPRESSION_TYPES.join(', ')}` }).default('web'),
  format: z
    .string({ error: FORMAT_MESSAGE })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(OUTPUT_FORMATS, { error: FORMAT_MESSAGE }))
    .default('original'),
  /** Where transparency is flattened when the output format cannot carry it (JPEG). */
  background: background.default(DEFAULT_BACKGROUND),
  /** Candidates for `auto`; every format when absent. Ignored for the other formats. */
  formats: candidateFormats.optional(),
});

export type CompressSettings = z.infer<typeof compressSettingsSchema>;
/** The settings as sent (strings in a form, before defaults). */
export type CompressSettingsInput = z.input<typeof compressSettingsSchema>;

/** The settings field a validation issue is about, for the `field` of a 400. */
export function settingsFieldOf(issue: { path: PropertyKey[] }): string | undefined {
  const first = issue.path[0];
  return typeof first === 'string' ? first : undefined;
}
