// Tinify-compatible API (POST /shrink, GET and POST /output/<id>): request and response shapes, so existing Tinify
// clients, build scripts and CMS plugins can use a self-hosted server by changing only the endpoint.
import { z } from 'zod';

export const TINIFY_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

const dimension = z.number().int().min(1).max(16_384);

export const tinifyOutputRequestSchema = z
  .object({
    resize: z
      .object({ method: z.enum(['fit', 'scale', 'cover', 'thumb']), width: dimension.optional(), height: dimension.optional() })
      .refine((r) => (r.method === 'scale' ? (r.width === undefined) !== (r.height === undefined) : r.width !== undefined && r.height !== undefined), {
        message: 'scale takes exactly one of width and height; fit, cover and thumb take both',
      })
      .optional(),
    convert: z
      .object({ type: z.union([z.string(), z.array(z.string()).min(1).max(8)]).describe('A MIME type, a list (the smallest result wins) or */*') })
      .optional(),
    preserve: z.array(z.enum(['copyright', 'creation', 'location'])).max(3).optional(),
    transform: z.object({ background: z.string().max(32) }).optional(),
    store: z.unknown().optional(),
  })
  .meta({ id: 'TinifyOutputRequest' });
export type TinifyOutputRequest = z.infer<typeof tinifyOutputRequestSchema>;

export const tinifyShrinkSourceSchema = z.object({ source: z.object({ url: z.string().max(2048) }) });

export const tinifyShrinkResponseSchema = z
  .object({
    input: z.object({ size: z.number().int(), type: z.string() }),
    output: z.object({
      size: z.number().int(),
      type: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      ratio: z.number(),
      url: z.string(),
    }),
  })
  .meta({ id: 'TinifyShrinkResponse' });
export type TinifyShrinkResponse = z.infer<typeof tinifyShrinkResponseSchema>;

export const tinifyErrorSchema = z.object({ error: z.string(), message: z.string() }).meta({ id: 'TinifyError' });
