// The compression settings as the API takes them (multipart fields, query strings): validated and defaulted with
// zod. Apart from settings.ts, whose constants the browser bundle imports, so the tool page does not ship zod.
import { z } from 'zod';
import { COMPRESSION_TYPES, DEFAULT_BACKGROUND, IMAGE_FORMATS, OUTPUT_FORMATS, parseColour, type ImageFormat } from './settings';

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
