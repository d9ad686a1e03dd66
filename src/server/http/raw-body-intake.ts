// Streams a raw request body (Tinify's POST /shrink sends the image as the whole body) to a temp file under the same
// limits as a multipart upload: a byte ceiling checked against Content-Length before reading and again while reading,
// the minimum transfer rate, the type sniffed from the first bytes, a PNG's dimensions from its header and an
// animation's frames (docs/decisions/0533). Nothing is held in memory but the first bytes (F1 of the 2026-11-27
// attack: the body used to be buffered whole).
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_INPUT_PIXELS, MIN_FILE_SIZE } from '#contract/limits';
import { FORMAT_EXTENSIONS, FORMAT_MIME_TYPES, type ImageFormat } from '#contract/settings';
import { DomainError } from '#server/errors';
import { AnimationCounter, animationOverLimit, apngOverLimit, pngOverLimit, sniffImageFormat } from '#server/codec/planning';
import type { AcceptedUpload } from '#server/jobs/job-service';
import { discard } from '#server/storage/blob-store';
import type { UploadScratch } from './deps';
import { BodyGuard, type BodyGuardLimits } from './body-guard';
import { HeadAndCount } from './upload-intake';

export type RawBodyRefusal = 'empty' | 'unsupported' | 'too-large';

/** A refusal of the body's content, for the caller to word in its own protocol (Tinify's errors, say). */
export class RawBodyRefused extends Error {
  constructor(
    readonly reason: RawBodyRefusal,
    message: string,
  ) {
    super(message);
  }
}

export async function receiveRawBody(request: FastifyRequest, scratch: UploadScratch, limits: BodyGuardLimits): Promise<AcceptedUpload & { format: ImageFormat }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    throw new DomainError(limits.tooLargeCode, limits.tooLargeMessage, { bodyAbandoned: true });
  }
  const temp = scratch.tempPath();
  const guard = new BodyGuard(request.raw, limits);
  const counter = new HeadAndCount();
  try {
    await pipeline(request.raw, counter, fs.createWriteStream(temp, { flags: 'wx' }));
    if (guard.failure) throw guard.failure;
  } catch (err) {
    await discard(temp);
    throw guard.failure ?? err;
  } finally {
    guard.dispose();
  }
  try {
    if (counter.bytes === 0) throw new RawBodyRefused('empty', 'Input file is empty.');
    const format = sniffImageFormat(counter.head);
    if (!format || counter.bytes < MIN_FILE_SIZE) throw new RawBodyRefused('unsupported', 'File type is not supported.');
    const tooLarge = overLimit(format, counter.head, counter.animation);
    if (tooLarge) throw new RawBodyRefused('too-large', tooLarge);
    return { tempFile: temp, filename: `image.${FORMAT_EXTENSIONS[format]}`, size: counter.bytes, mimeType: FORMAT_MIME_TYPES[format], format };
  } catch (err) {
    await discard(temp);
    throw err;
  }
}

/** The same checks for bytes already in hand (a `source.url` download), written to a temp file. */
export async function storeRawBytes(data: Buffer, scratch: UploadScratch): Promise<AcceptedUpload & { format: ImageFormat }> {
  if (data.length === 0) throw new RawBodyRefused('empty', 'Input file is empty.');
  const format = sniffImageFormat(data);
  if (!format || data.length < MIN_FILE_SIZE) throw new RawBodyRefused('unsupported', 'File type is not supported.');
  const animation = new AnimationCounter();
  animation.push(data);
  const tooLarge = overLimit(format, data, animation);
  if (tooLarge) throw new RawBodyRefused('too-large', tooLarge);
  const temp = scratch.tempPath();
  await fs.promises.writeFile(temp, data, { flag: 'wx' });
  return { tempFile: temp, filename: `image.${FORMAT_EXTENSIONS[format]}`, size: data.length, mimeType: FORMAT_MIME_TYPES[format], format };
}

/**
 * The limits a multipart upload is held to (upload-intake.ts), for the formats Tinify takes: a PNG over its own
 * limit, and an animation (APNG, WebP) or a WebP canvas over the pixel limit, every frame counted.
 */
function overLimit(format: ImageFormat, head: Buffer, animation: AnimationCounter): string | null {
  if (format === 'png') return pngOverLimit(head) ?? apngOverLimit(head, MAX_INPUT_PIXELS);
  return animationOverLimit(animation.size, MAX_INPUT_PIXELS);
}
