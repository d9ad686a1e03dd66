// A Tinify transformation as its codec process runs it (tinify/transform-service.ts): an ordinary compression of the
// stored original with Tinify's settings (tinify/transform-plan.ts), unhurried as every unit test's compression.
import { compress } from '#server/codec/index';
import { transformSettings, type TransformRequest } from '#server/tinify/transform-plan';

export type { TransformRequest } from '#server/tinify/transform-plan';

export async function transformImage(input: Buffer, request: TransformRequest, timeoutSeconds = 600) {
  const result = await compress(input, { ...transformSettings(request), timeoutSeconds });
  return { data: result.data, format: result.output.format, width: result.output.width, height: result.output.height };
}
