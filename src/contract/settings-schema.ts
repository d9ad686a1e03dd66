// The compression settings as the API takes them (multipart fields, query strings): validated and defaulted with
// zod. Apart from settings.ts, whose constants the browser bundle imports, so the tool page does not ship zod.
import { z } from 'zod';
import {
  COMPRESSION_MODES,
  COMPRESSION_TYPES,
  IMAGE_FORMATS,
  MAX_RESIZE_DIMENSION,
  METADATA_POLICIES,
  MIN_TARGET_SIZE,
  OUTPUT_FORMATS,
  SETTING_DEFAULTS,
  TARGET_SIZE_MESSAGE,
  dimensionMessage,
  parseColour,
  targetSizeProblem,
  type ImageFormat,
} from './settings';
import { DEFAULT_COMPRESSION_TYPE, DEFAULT_QUALITY } from './limits';

const BACKGROUND_MESSAGE = 'Background must be a colour such as #fff, #ffffff or white';
const FORMAT_MESSAGE = `Format must be one of ${OUTPUT_FORMATS.join(', ')}`;
const FORMATS_MESSAGE = `Formats must be a comma-separated list of ${IMAGE_FORMATS.join(', ')}`;
const QUALITY_MESSAGE = 'Quality must be an integer from 1 to 100';
const MODE_MESSAGE = `Mode must be one of ${COMPRESSION_MODES.join(', ')}`;
const METADATA_MESSAGE = `Metadata must be one of ${METADATA_POLICIES.join(', ')}`;
/** Largest target the size mode takes: far above any upload we accept, so only nonsense is refused. */
const MAX_TARGET_SIZE = 1024 ** 3;

/** A form sends every value as a string; JSON may send a number. Blank means "not given". */
/** One of `values`, forgiving case and surrounding spaces as form fields and query strings send them. */
const choiceOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(values, { error: message }));

/** Not given: a blank form field, or null in a typed request (SettingsRequest). */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const dimension = (name: 'maxWidth' | 'maxHeight') =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: dimensionMessage(name) })
      .int(dimensionMessage(name))
      .min(1, dimensionMessage(name))
      .max(MAX_RESIZE_DIMENSION, dimensionMessage(name))
      .optional(),
  );

/** "true"/"false" as a form sends them, or a JSON boolean; anything else is an error, not a silent false. */
const flag = (name: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blankToUndefined(v)),
    z.boolean({ error: `${name} must be true or false` }).default(SETTING_DEFAULTS.allowResize),
  );

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
    .describe('Encoder quality in `quality` mode, 1 (smallest) to 100 (best); in `smart` mode the highest it may use')
    .default(DEFAULT_QUALITY),
  type: z
    .enum(COMPRESSION_TYPES, { error: `Type must be one of ${COMPRESSION_TYPES.join(', ')}` })
    .describe("The website's preset the quality came from (`high`, `web`, `maximum`; `standard` for a custom quality); a label only")
    .default(DEFAULT_COMPRESSION_TYPE),
  format: choiceOf(OUTPUT_FORMATS, FORMAT_MESSAGE)
    .describe('Output format (default `original`): `original` keeps the upload\'s, `auto` picks the smallest of `formats` (explained in `formatDecision`)')
    .default(SETTING_DEFAULTS.format),
  /** Where transparency is flattened when the output format cannot carry it (JPEG). */
  background: background.describe('Colour transparent pixels are flattened onto when the output cannot carry them (JPEG): #rgb, #rrggbb or a basic name such as `white`').default(SETTING_DEFAULTS.background),
  /** Candidates for `auto`; every format when absent. Ignored for the other formats. */
  formats: candidateFormats.describe(`\`auto\`'s candidates, comma-separated from ${IMAGE_FORMATS.join(', ')}; all of them when absent`).optional(),
  /**
   * How the quality is chosen: as given (`quality`), per image by a perceptual metric (`smart`), to fit `targetSize`
   * (`size`), or pixel-identical (`lossless`).
   */
  mode: choiceOf(COMPRESSION_MODES, MODE_MESSAGE)
    .describe('How the quality is chosen (default `quality`): `quality` as given, `smart` the lowest that still looks the same, `size` to fit `targetSize`, `lossless` pixel-identical')
    .default(SETTING_DEFAULTS.mode),
  /** `size` mode: the result's largest allowed size in bytes. */
  targetSize: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: TARGET_SIZE_MESSAGE }).int(TARGET_SIZE_MESSAGE).min(MIN_TARGET_SIZE, TARGET_SIZE_MESSAGE).max(MAX_TARGET_SIZE, TARGET_SIZE_MESSAGE).optional(),
  ).describe('`size` mode (required there): the largest result in bytes'),
  /** `size` mode: downscale when even the lowest quality is too big. */
  allowResize: flag('allowResize').describe('`size` mode: downscale when even the lowest quality is too big'),
  /** Fit inside this width and height (after orientation), keeping the aspect ratio; never enlarges. */
  maxWidth: dimension('maxWidth').describe('Fit inside this width in pixels (after orientation), keeping the aspect ratio; never enlarges'),
  maxHeight: dimension('maxHeight').describe('Fit inside this height in pixels (after orientation), keeping the aspect ratio; never enlarges'),
  /** `strip` (default): private metadata removed; `keep`: EXIF, XMP, IPTC and colour profile kept, GPS removed; `keep-all`. */
  metadata: choiceOf(METADATA_POLICIES, METADATA_MESSAGE)
    .describe('Default `strip`: removes private metadata, `keep` keeps EXIF, XMP, IPTC and the colour profile without GPS, `keep-all` keeps GPS too')
    .default(SETTING_DEFAULTS.metadata),
}).superRefine((settings, ctx) => {
  if (settings.mode === 'size' && settings.targetSize === undefined) {
    ctx.addIssue({ code: 'custom', path: ['targetSize'], message: targetSizeProblem(undefined)! });
  }
});

export type CompressSettings = z.infer<typeof compressSettingsSchema>;
/** The settings as sent (strings in a form, before defaults). */
export type CompressSettingsInput = z.input<typeof compressSettingsSchema>;

/** The settings field a validation issue is about, for the `field` of a 400. */
export function settingsFieldOf(issue: { path: PropertyKey[] }): string | undefined {
  const first = issue.path[0];
  return typeof first === 'string' ? first : undefined;
}

/** Every setting at its default: the one place defaults live (the schema's), as a value. */
export const DEFAULT_COMPRESS_SETTINGS: CompressSettings = compressSettingsSchema.parse({});

/**
 * The settings the codec reads: all but `type`, which only says how the form was filled in (its preset) and decides no
 * byte. The one place `type` is dropped, for every path into the codec.
 */
export function withoutType<S extends { type?: unknown }>(settings: S): Omit<S, 'type'> {
  const copy: Partial<S> = { ...settings };
  delete copy.type;
  return copy as Omit<S, 'type'>;
}

/** Every setting at its default, as the codec reads them. */
export const DEFAULT_CODEC_FIELDS = withoutType(DEFAULT_COMPRESS_SETTINGS);
