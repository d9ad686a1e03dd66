import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

describe('storage settings', () => {
  it('keeps files in the data directory unless told otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'file' });
    expect(loadConfig({ STORAGE_URL: 'file:' }).storage).toEqual({ kind: 'file' });
  });

  it('reads an S3 bucket, prefix, endpoint, region and credentials; path style by default only with an endpoint', () => {
    expect(loadConfig({ STORAGE_URL: 's3://my-bucket' }).storage).toEqual({
      kind: 's3', bucket: 'my-bucket', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, credentials: undefined,
    });
    const c = loadConfig({
      STORAGE_URL: 's3://images.example/squeeze/prod/',
      S3_ENDPOINT: 'http://rgw.internal:7480',
      S3_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'AKIA1',
      AWS_SECRET_ACCESS_KEY: 's3cr3t',
    });
    expect(c.storage).toEqual({
      kind: 's3',
      bucket: 'images.example',
      prefix: 'squeeze/prod/',
      endpoint: 'http://rgw.internal:7480',
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 's3cr3t', sessionToken: undefined },
    });
    expect(loadConfig({ STORAGE_URL: 's3://bkt', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ STORAGE_URL: 'nfs://server/share' }, /STORAGE_URL: must be file: or s3:\/\/BUCKET/],
    [{ STORAGE_URL: 's3://' }, /STORAGE_URL/],
    [{ STORAGE_URL: 's3://Upper_Case' }, /STORAGE_URL/],
    [{ STORAGE_URL: 's3://bkt', S3_ENDPOINT: 'rgw:7480' }, /S3_ENDPOINT: must be an http/],
    [{ STORAGE_URL: 's3://bkt', S3_REGION: 'EU West' }, /S3_REGION/],
    [{ STORAGE_URL: 's3://bkt', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [{ STORAGE_URL: 's3://bkt', AWS_ACCESS_KEY_ID: 'AKIA1' }, /AWS_SECRET_ACCESS_KEY: must be set together/],
  ])('stops at start on %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
