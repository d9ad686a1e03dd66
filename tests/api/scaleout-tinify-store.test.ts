// Tinify's `store` with the official `tinify` client, into a bucket of the caller's own on the Ceph RADOS Gateway
// (TINIFY_STORE_S3_ENDPOINT, allow-listed since it is on loopback): the stored object is the very output the client
// downloads, transformations included; a wrong secret or a missing bucket is a clear 400 and stores nothing.
import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { corpusPath } from '../support/paths';
import { SCALEOUT } from '../support/scaleout-backing';
import { createBucket, dropBucket, getObject, listObjects, testS3, testS3Client } from '../support/test-bucket';
import { tinifyFor, type Tinify } from '../support/tinify-client';
import type { TlsProxy } from '../support/tls-proxy';

if (!SCALEOUT) throw new Error('scaleout-tinify-store.test.ts needs TEST_MODE=scaleout (run it with --project api-scaleout)');

const s3 = testS3();
const bucket = `imgc-t-${process.pid}-caller-${randomUUID().slice(0, 8)}`;
const credentials = { service: 's3', aws_access_key_id: s3.accessKeyId, aws_secret_access_key: s3.secretAccessKey, region: 'us-east-1' };

describe("Tinify's store into the caller's bucket on Ceph (api-scaleout project only)", () => {
  const server = useServer({ env: { TRUST_PROXY: '127.0.0.1', TINIFY_STORE_S3_ENDPOINT: s3.endpoint, TINIFY_STORE_ALLOWED_HOSTS: '127.0.0.1' } });
  let tinify: Tinify;
  let proxy: TlsProxy;

  beforeAll(async () => {
    await createBucket(bucket);
    ({ tinify, proxy } = await tinifyFor(server));
  });
  afterAll(async () => {
    await proxy?.close();
    await dropBucket(bucket);
  });

  it('stores the output the client would download, with its headers, and answers where it is', async () => {
    const source = tinify.fromFile(corpusPath('photos', 'kodim03.png'));
    const meta = source.store({ ...credentials, path: `${bucket}/images/kodim03.min.png`, headers: { 'Cache-Control': 'public, max-age=31536000' } });
    expect(await meta.location()).toBe(`${s3.endpoint}/${bucket}/images/kodim03.min.png`);
    const stored = await getObject(bucket, 'images/kodim03.min.png');
    const downloaded = Buffer.from(await source.toBuffer());
    expect(stored.equals(downloaded)).toBe(true);
    const { width, height } = await sharp(downloaded).metadata();
    expect([await meta.width(), await meta.height()]).toEqual([width, height]);
    const head = await testS3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: 'images/kodim03.min.png' }));
    expect(head).toMatchObject({ ContentType: 'image/png', CacheControl: 'public, max-age=31536000' });
  });

  it('stores a resized and converted output, the same bytes as downloading that transformation', async () => {
    const resized = tinify.fromFile(corpusPath('photos', 'kodim03.png')).resize({ method: 'fit', width: 200, height: 200 }).convert({ type: 'image/webp' });
    const meta = resized.store({ ...credentials, path: `${bucket}/thumbs/kodim03.webp` });
    expect([await meta.width(), await meta.height()]).toEqual([200, 133]);
    const stored = await getObject(bucket, 'thumbs/kodim03.webp');
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(stored.equals(Buffer.from(await resized.toBuffer()))).toBe(true);
  });

  it('answers a wrong secret and a missing bucket with a 400 that says which, and stores nothing', async () => {
    const source = tinify.fromFile(corpusPath('photos', 'kodim03.png'));
    const wrongSecret = source.store({ ...credentials, aws_secret_access_key: 'not-the-secret', path: `${bucket}/denied.png` }).location();
    await expect(wrongSecret).rejects.toBeInstanceOf(tinify.ClientError);
    await expect(wrongSecret).rejects.toThrow(/The bucket imgc-t-[\w-]+ refused the credentials \(SignatureDoesNotMatch\).*\(HTTP 400\/BadRequest\)/);
    await expect(source.store({ ...credentials, path: `${bucket}-missing/x.png` }).location()).rejects.toThrow(/The bucket imgc-t-[\w-]+-missing does not exist.*\(HTTP 400\/BadRequest\)/);
    expect([...(await listObjects(bucket)).keys()]).not.toContain('denied.png');
  });
});
