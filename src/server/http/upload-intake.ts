// Streams a multipart upload to temp files: size limit enforced while streaming (an oversize file is cut off
// and discarded, never held in memory), type decided from the first bytes, nothing kept unless accepted.
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { UploadScratch } from './deps';
import { discard } from '#server/storage/blob-store';
import { sniffInputFormat, sniffSvg, SNIFF_BYTES, SVG_DOCTYPE_MESSAGE, SVG_SNIFF_BYTES, svgOverLimit } from '#server/codec/planning';
import { AnimationCounter, animationOverLimit, apngOverLimit, decodedOverLimit, decodedSize, PNG_HEADER_BYTES, pngOverLimit, uploadFrames } from '#server/codec/planning';
import { unsupportedFeature } from '#server/codec/planning';

/** Enough of each file to sniff its type and read a PNG's dimensions. */
const HEAD_BYTES = Math.max(SNIFF_BYTES, PNG_HEADER_BYTES, SVG_SNIFF_BYTES);
import { FORMAT_EXTENSIONS, inputMimeType, isInputOnlyFormat } from '#contract/settings';
import type { ReceivedUpload } from '#server/jobs/upload-service';
import { decodeFormFilename, sanitizeFilename } from '#server/jobs/filename';
import { BodyGuard, type MinRate } from './body-guard';
import { DomainError } from '#server/errors';
import type { ErrorCode } from '#contract/errors';
import { MAX_INPUT_PIXELS, MIN_FILE_SIZE } from '#contract/limits';
import { fileTooSmallMessage, MESSAGES } from '#contract/messages';

export interface IntakeLimits {
  /** Slow-client cut-off for the body. */
  minRate: MinRate;
  maxFiles: number;
  maxFileSize: number;
  /** The message and code for an oversize file (guests are told to sign in). */
  tooLargeMessage: string;
  tooLargeCode: ErrorCode;
  /** HEIC uploads are taken (the HEIC_INPUT setting); off, they are refused as a type the server does not take. */
  heicInput?: boolean;
}

export type IntakeResult = ReceivedUpload;

/** Counts bytes and keeps the first few for sniffing, passing data through untouched. */
export class HeadAndCount extends Transform {
  head = Buffer.alloc(0);
  bytes = 0;
  /** An animated GIF's or WebP's canvas and frames, counted from its block structure (nothing decoded). */
  readonly animation = new AnimationCounter();
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.bytes += chunk.length;
    this.animation.push(chunk);
    cb(null, chunk);
  }
}

/**
 * Judges the form fields received before the first file (every client of ours sends the settings first): throws the
 * refusal, and the files are then drained unread, neither stored nor sniffed nor decoded, before it is answered.
 */
export type FieldsCheck = (fields: Readonly<Record<string, string>>) => void;

export async function receiveUpload(
  request: FastifyRequest,
  scratch: UploadScratch,
  limits: IntakeLimits,
  maxBodyBytes: number,
  checkFields?: FieldsCheck,
): Promise<IntakeResult> {
  // A body announced larger than the whole upload may be is refused before a byte of it is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    throw new DomainError(limits.tooLargeCode, limits.tooLargeMessage, { bodyAbandoned: true });
  }
  const result: IntakeResult = { accepted: [], rejected: [], fields: {}, tooManyFiles: false };
  let currentTemp: string | null = null;
  let fieldsChecked = false;
  // The settings' refusal, found at the first file: the rest of the body is read to its end (so the client, still
  // sending, gets the answer on an open connection) but nothing more is kept or looked at.
  let refused: unknown = null;
  const guard = new BodyGuard(request.raw, {
    maxBytes: maxBodyBytes,
    tooLargeMessage: limits.tooLargeMessage,
    tooLargeCode: limits.tooLargeCode,
    ...limits.minRate,
  });
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileSize,
        files: limits.maxFiles,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: limits.maxFiles + 10,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') result.fields[part.fieldname] = part.value;
        continue;
      }
      if (!fieldsChecked && part.fieldname === 'images') {
        fieldsChecked = true;
        try {
          checkFields?.(result.fields);
        } catch (err) {
          refused = err;
        }
      }
      if (part.fieldname !== 'images' || refused) {
        part.file.resume();
        continue;
      }
      const temp = scratch.tempPath();
      currentTemp = temp;
      const counter = new HeadAndCount();
      await pipeline(part.file, counter, fs.createWriteStream(temp, { flags: 'wx' }));
      currentTemp = null;
      const format = sniffInputFormat(counter.head);
      const extension = format && !isInputOnlyFormat(format) ? FORMAT_EXTENSIONS[format] : (format ?? 'jpg');
      const filename = sanitizeFilename(decodeFormFilename(part.filename), `.${extension}`);
      const reject = async (code: ErrorCode, message: string) => {
        await discard(temp);
        result.rejected.push({ filename, message, code });
      };
      if (part.file.truncated) await reject(limits.tooLargeCode, limits.tooLargeMessage);
      // Bytes that are not an image at all are a type error however few; an image header with no room for a pixel is too small.
      else if (counter.bytes < MIN_FILE_SIZE && (counter.bytes === 0 || format)) await reject('FILE_TOO_SMALL', fileTooSmallMessage(MIN_FILE_SIZE));
      else if (unsupportedFeature(counter.head)) await reject('UNSUPPORTED_FEATURE', unsupportedFeature(counter.head)!);
      else if (!format) await reject('UNSUPPORTED_TYPE', limits.heicInput ? MESSAGES.fileTypeInvalid : MESSAGES.fileTypeInvalidWithoutHeic);
      else if (format === 'heic' && !limits.heicInput) await reject('UNSUPPORTED_TYPE', MESSAGES.heicTurnedOff);
      else if (format === 'svg' && sniffSvg(counter.head)?.doctype) await reject('UNSUPPORTED_TYPE', SVG_DOCTYPE_MESSAGE);
      else if (format === 'svg' && svgOverLimit(sniffSvg(counter.head), MAX_INPUT_PIXELS)) await reject('FILE_TOO_LARGE', svgOverLimit(sniffSvg(counter.head), MAX_INPUT_PIXELS)!);
      else if (format === 'png' && pngOverLimit(counter.head)) await reject('FILE_TOO_LARGE', pngOverLimit(counter.head)!);
      else if (format === 'png' && apngOverLimit(counter.head, MAX_INPUT_PIXELS)) await reject('FILE_TOO_LARGE', apngOverLimit(counter.head, MAX_INPUT_PIXELS)!);
      else if (animationOverLimit(counter.animation.size, MAX_INPUT_PIXELS)) await reject('FILE_TOO_LARGE', animationOverLimit(counter.animation.size, MAX_INPUT_PIXELS)!);
      else {
        // JPEG XL (every frame, counted from the file) and HEIC (its declared picture) decode before anything else.
        const decoded = format === 'jxl' || format === 'heic' ? await decodedSize(format, temp) : null;
        const over = decodedOverLimit(decoded, MAX_INPUT_PIXELS);
        if (over) await reject('FILE_TOO_LARGE', over);
        else {
          // Its frames, so settings that would keep only one are refused with the upload (0586).
          const frames = await uploadFrames(format, temp, counter.animation.size, decoded);
          result.accepted.push({ tempFile: temp, filename, size: counter.bytes, mimeType: inputMimeType(format), format, frames });
        }
      }
    }
  } catch (err) {
    if (currentTemp) await discard(currentTemp);
    if (guard.failure) {
      await discardAccepted(result);
      throw guard.failure;
    }
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
      result.tooManyFiles = true;
    } else {
      await discardAccepted(result);
      throw err;
    }
  } finally {
    guard.dispose();
  }
  if (guard.failure) {
    await discardAccepted(result);
    throw guard.failure;
  }
  if (refused) throw refused;
  return result;
}

export async function discardAccepted(result: IntakeResult): Promise<void> {
  await Promise.all(result.accepted.map((a) => discard(a.tempFile)));
  result.accepted = [];
}

/**
 * The multipart parser's own failures (broken boundaries, bad part headers, a body that ends early) are the
 * client's fault: 400. File-system errors (they carry a syscall) are ours and stay 5xx unless mapped elsewhere.
 */
export function unreadableUpload(err: unknown): DomainError | null {
  if (err instanceof DomainError || (err as NodeJS.ErrnoException)?.syscall) return null;
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status < 500) return null; // already a client error with its own message
  return new DomainError('MALFORMED_REQUEST', 'The upload could not be read: the multipart data is malformed or incomplete');
}
