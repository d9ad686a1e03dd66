// Tinify-compatible API (POST /shrink, GET and POST /output/<id>): request and response shapes, so existing Tinify
// clients, build scripts and CMS plugins can use a self-hosted server by changing only the endpoint.
import { z } from 'zod';

export const TINIFY_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

const dimension = z.number().int().min(1).max(16_384);

/** Headers `store` may set on the stored object (Tinify documents Cache-Control; these are the other safe ones). */
export const TINIFY_STORE_HEADERS = ['Cache-Control', 'Content-Disposition', 'Content-Language', 'Expires'] as const;

const storeText = (field: string, max: number) =>
  z.string({ error: `store.${field} is required (a string)` }).min(1, `store.${field} is required`).max(max, `store.${field} is too long`);

/** Tinify's `store`: the output uploaded to the caller's own S3 bucket with the caller's credentials. */
export const tinifyStoreSchema = z
  .object({
    service: z.literal('s3', { error: 'store.service must be "s3": other services (such as gcs) are not supported by this server' }),
    aws_access_key_id: storeText('aws_access_key_id', 128),
    aws_secret_access_key: storeText('aws_secret_access_key', 256),
    region: storeText('region', 32).optional().describe('Default us-east-1'),
    path: storeText('path', 1100).describe('bucket/key of the object, e.g. my-bucket/images/photo.png'),
    headers: z.record(z.string().max(64), z.string({ error: 'store.headers values must be strings' }).max(1024)).optional(),
    acl: z.enum(['no-acl', 'public-read'], { error: 'store.acl must be "no-acl" or "public-read"' }).optional().describe("Default: the bucket's own default (no-acl)"),
  }, { error: 'store must be an object: {"service": "s3", "aws_access_key_id", "aws_secret_access_key", "region", "path"}' })
  .meta({ id: 'TinifyStore' });
export type TinifyStore = z.infer<typeof tinifyStoreSchema>;

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
    store: tinifyStoreSchema.optional(),
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
      /**
       * Ours, beside Tinify's fields: when the result is not what was asked for (an animation kept as animated WebP,
       * a HEIC given as JPEG, a conversion larger than the upload), the sentence the web API's `formatNote` gives.
       */
      note: z.string().optional().describe("Why the result's format or content differs from the upload's, as the web API's `formatNote` says it; absent when nothing differs"),
    }),
  })
  .meta({ id: 'TinifyShrinkResponse' });
export type TinifyShrinkResponse = z.infer<typeof tinifyShrinkResponseSchema>;

export const tinifyErrorSchema = z.object({ error: z.string(), message: z.string() }).meta({ id: 'TinifyError' });
