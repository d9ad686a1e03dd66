// Tinify's `store` refusals that need no object store: a service other than S3, a missing field, and a storage
// endpoint that resolves to a loopback address without being allow-listed. The last is judged in the connection's own
// DNS lookup: the endpoint is a name (localhost), and a listener on it proves no request ever reaches it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { corpusPath } from '../support/paths';
import { tinifyFor, type Tinify } from '../support/tinify-client';
import type { TlsProxy } from '../support/tls-proxy';

const reached: string[] = [];
const bucketHost = http.createServer((req, res) => {
  reached.push(`${req.method} ${req.url}`);
  res.writeHead(200).end();
});
await new Promise<void>((resolve) => bucketHost.listen(0, resolve));
const endpointPort = (bucketHost.address() as AddressInfo).port;

const s3 = { service: 's3', aws_access_key_id: 'AKIDEXAMPLE', aws_secret_access_key: 'secret', region: 'us-east-1', path: 'my-bucket/images/out.png' };

describe("Tinify's store: refusals", () => {
  const server = useServer({ env: { TRUST_PROXY: '127.0.0.1', TINIFY_STORE_S3_ENDPOINT: `http://localhost:${endpointPort}` } });
  let tinify: Tinify;
  let proxy: TlsProxy;

  beforeAll(async () => {
    ({ tinify, proxy } = await tinifyFor(server));
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => bucketHost.close(resolve));
  });

  it('refuses a service other than s3 and a store without its path, in Tinify terms', async () => {
    const source = tinify.fromFile(corpusPath('photos', 'kodim03.png'));
    const gcs = source.store({ service: 'gcs', path: 'bucket/out.png' }).location();
    await expect(gcs).rejects.toBeInstanceOf(tinify.ClientError);
    await expect(gcs).rejects.toThrow(/store\.service must be "s3".*\(HTTP 400\/BadRequest\)/);

    const { path: _path, ...noPath } = s3;
    await expect(source.store(noPath).location()).rejects.toThrow(/store\.path is required.*\(HTTP 400\/BadRequest\)/);
    await expect(source.store({ ...s3, region: 'us-east-1.evil.example' }).location()).rejects.toThrow(/store\.region .* is not an AWS region name/);
    await expect(source.store({ ...s3, path: 'my-bucket' }).location()).rejects.toThrow(/store\.path must name an object/);
    await expect(source.store({ ...s3, headers: { 'x-amz-acl': 'public-read-write' } }).location()).rejects.toThrow(/store\.headers may set Cache-Control/);
  });

  it('never connects to an endpoint that resolves to a loopback address, and does not charge the image', async () => {
    const source = tinify.fromFile(corpusPath('photos', 'kodim03.png'));
    const stored = source.store(s3).location();
    await expect(stored).rejects.toBeInstanceOf(tinify.ClientError);
    await expect(stored).rejects.toThrow(/Storing is refused: localhost resolves to a private or loopback address.*\(HTTP 400\/BadRequest\)/);
    expect(reached).toEqual([]);
    // The shrink was charged (its answer gave the count), the refused store given back: the count has not moved.
    const before = tinify.compressionCount!;
    await source.toBuffer();
    expect(tinify.compressionCount).toBe(before);
  });
});
