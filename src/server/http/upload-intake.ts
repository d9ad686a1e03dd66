// Streams a multipart upload to temp files: size limit enforced while streaming (an oversize file is cut off
// and discarded, never held in memory), type decided from the first bytes, nothing kept unless accepted.
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { BlobStore } from '../storage/blob-store';
import { discard } from '../storage/blob-store';
import { sniffImageFormat } from '../codec/sniff';
import { MIME_TYPES } from '../codec/types';
import type { AcceptedUpload } from '../jobs/job-service';
import { sanitizeFilename } from '../jobs/filename';
import { BodyGuard, type MinRate } from './body-guard';
import type { UploadRejection } from '../../contract/api';
import { MESSAGES } from '../../contract/messages';

export interface IntakeLimits {
  /** Slow-client cut-off for the body. */
  minRate: MinRate;
  maxFiles: number;
  maxFileSize: number;
  /** The message for an oversize file (guests are told to sign in). */
  tooLargeMessage: string;
}

export type RejectionReason = 'size' | 'type' | 'empty';

export interface IntakeResult {
  accepted: AcceptedUpload[];
  rejected: (UploadRejection & { reason: RejectionReason })[];
  fields: Record<string, string>;
  tooManyFiles: boolean;
}

const SNIFF_BYTES = 16;

/** Counts bytes and keeps the first few for sniffing, passing data through untouched. */
class HeadAndCount extends Transform {
  head = Buffer.alloc(0);
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}

export async function receiveUpload(
  request: FastifyRequest,
  blobs: BlobStore,
  limits: IntakeLimits,
  maxBodyBytes: number,
): Promise<IntakeResult> {
  const result: IntakeResult = { accepted: [], rejected: [], fields: {}, tooManyFiles: false };
  let currentTemp: string | null = null;
  const guard = new BodyGuard(request.raw, { maxBytes: maxBodyBytes, tooLargeMessage: limits.tooLargeMessage, ...limits.minRate });
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
      if (part.fieldname !== 'images') {
        part.file.resume();
        continue;
      }
      const temp = blobs.tempPath();
      currentTemp = temp;
      const counter = new HeadAndCount();
      await pipeline(part.file, counter, fs.createWriteStream(temp, { flags: 'wx' }));
      currentTemp = null;
      const format = sniffImageFormat(counter.head);
      const filename = sanitizeFilename(part.filename, format === 'png' ? '.png' : '.jpg');
      const reject = async (reason: RejectionReason, message: string) => {
        await discard(temp);
        result.rejected.push({ filename, message, reason });
      };
      if (part.file.truncated) await reject('size', limits.tooLargeMessage);
      else if (counter.bytes === 0) await reject('empty', 'File is empty');
      else if (!format) await reject('type', MESSAGES.fileTypeInvalid);
      else result.accepted.push({ tempFile: temp, filename, size: counter.bytes, mimeType: MIME_TYPES[format] });
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
  return result;
}

export async function discardAccepted(result: IntakeResult): Promise<void> {
  await Promise.all(result.accepted.map((a) => discard(a.tempFile)));
  result.accepted = [];
}
