// Uploads to a caller's own bucket with the caller's credentials (Tinify's `store`). The connection's own DNS lookup
// refuses private addresses unless the operator allow-listed the host (net/safe-lookup.ts), and whatever the bucket
// answers (wrong secret, no such bucket, wrong region, unreachable) becomes a 400 that says what to fix: a failure
// of the caller's bucket is never our 500.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { GetBucketLocationCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { publicOnlyLookup } from '#server/net/safe-lookup';
import { TinifyError } from './tinify-error';
import type { StoreTarget } from './store-target';

class StoreAddressRefused extends Error {}

export interface CallerUpload {
  body: Readable;
  bytes: number;
  contentType: string;
}

/** Puts the object; throws TinifyError 400 when the caller's bucket or endpoint refuses or cannot be reached. */
export async function putInCallerBucket(target: StoreTarget, upload: CallerUpload, allowedHosts: readonly string[], gone?: AbortSignal): Promise<void> {
  const lookup = publicOnlyLookup({
    allowedHosts,
    refuse: (reason, hostname) =>
      new StoreAddressRefused(reason === 'private' ? `${hostname} resolves to a private or loopback address` : `${hostname} could not be resolved`),
  });
  const httpAgent = new http.Agent({ lookup });
  const httpsAgent = new https.Agent({ lookup });
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: target.endpoint !== undefined,
    credentials: target.credentials,
    // Several S3-compatible stores reject the newer default checksum headers (as in storage/s3-driver.ts).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { httpAgent, httpsAgent, connectionTimeout: 5000, requestTimeout: 60_000 },
    // The body is a stream that cannot be sent twice; the caller may retry the whole call.
    maxAttempts: 1,
    // Ask before sending the body: a bucket that refuses the credentials says so in its answer, instead of closing
    // the connection under a body it will not read (EPIPE, reported as an unreachable endpoint).
    expectContinueHeader: true,
  });
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: target.key,
        Body: upload.body,
        ContentLength: upload.bytes,
        ContentType: upload.contentType,
        ACL: target.acl,
        ...target.headers,
      }),
      // A client that hangs up stops its upload (and is not charged: the caller refunds a failed one).
      { abortSignal: gone },
    );
  } catch (err) {
    throw storeFailure((await whyNoAnswer(client, target, err)) ?? err, target);
  } finally {
    upload.body.destroy();
    client.destroy();
    httpAgent.destroy();
    httpsAgent.destroy();
  }
}

/**
 * A store that refuses a request may close the connection under a body it will not read, so the upload fails with a
 * broken pipe instead of the store's answer. Then a bodiless request with the same credentials asks why: its refusal
 * (credentials, missing bucket, region) is the answer; anything else leaves the upload's own error.
 */
async function whyNoAnswer(client: S3Client, target: StoreTarget, err: unknown): Promise<unknown> {
  const e = err as { $metadata?: { httpStatusCode?: number } };
  if (e.$metadata?.httpStatusCode || err instanceof StoreAddressRefused || (err as { cause?: unknown }).cause instanceof StoreAddressRefused) return null;
  try {
    await client.send(new GetBucketLocationCommand({ Bucket: target.bucket }));
    return null;
  } catch (probe) {
    const name = (probe as { name?: string }).name ?? '';
    return BAD_CREDENTIALS.has(name) || WRONG_REGION.has(name) || name === 'NoSuchBucket' ? probe : null;
  }
}

const BAD_CREDENTIALS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken']);
const WRONG_REGION = new Set(['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException']);

/** The caller's bucket's refusal in words they can act on. */
function storeFailure(err: unknown, target: StoreTarget): TinifyError {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  const refused = [err, e.cause].find((x): x is StoreAddressRefused => x instanceof StoreAddressRefused);
  const bad = (message: string) => new TinifyError(400, 'BadRequest', message);
  if (refused) return bad(`Storing is refused: ${refused.message}.`);
  const name = e.name ?? '';
  if (BAD_CREDENTIALS.has(name)) return bad(`The bucket ${target.bucket} refused the credentials (${name}): check store.aws_access_key_id and store.aws_secret_access_key.`);
  if (name === 'AccessDenied' || e.$metadata?.httpStatusCode === 403) {
    return bad(`The bucket ${target.bucket} denied the upload (${name || 'HTTP 403'}): the key needs s3:PutObject on ${target.bucket}/${target.key}.`);
  }
  if (name === 'NoSuchBucket') return bad(`The bucket ${target.bucket} does not exist (in ${target.region}).`);
  if (WRONG_REGION.has(name) || e.$metadata?.httpStatusCode === 301) return bad(`The bucket ${target.bucket} is not in ${target.region}: set store.region to its region.`);
  if (e.$metadata?.httpStatusCode) return bad(`The bucket ${target.bucket} refused the upload (${name || `HTTP ${e.$metadata.httpStatusCode}`}).`);
  const code = e.code ?? (name && name !== 'Error' ? name : 'no answer');
  return bad(`The storage endpoint could not be reached (${code}); check store.region, or retry later.`);
}
