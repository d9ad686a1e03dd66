// Tinify's `store` target: only AWS's endpoint for a well-formed region (or the operator's endpoint), a valid bucket
// and key, the allowed headers; a private address literal as the endpoint only when the operator allow-listed it.
import { describe, expect, it } from 'vitest';
import { storeTarget } from '#server/tinify/store-target';

const store = { service: 's3' as const, aws_access_key_id: 'AKID', aws_secret_access_key: 'secret', region: 'eu-west-1', path: 'my-bucket/a b/photo.png' };

describe('storeTarget', () => {
  it("goes to AWS's endpoint for the region, with the object's URL as its location", () => {
    const t = storeTarget(store, { allowedHosts: [] });
    expect(t).toMatchObject({ endpoint: undefined, region: 'eu-west-1', bucket: 'my-bucket', key: 'a b/photo.png' });
    expect(t.location).toBe('https://s3.eu-west-1.amazonaws.com/my-bucket/a%20b/photo.png');
    expect(storeTarget({ ...store, region: undefined }, { allowedHosts: [] }).region).toBe('us-east-1');
  });

  it('refuses regions, buckets and keys that could steer the request elsewhere', () => {
    for (const region of ['us-east-1.attacker.example', 'localhost', 'us-east-1/../x', 'US-EAST-1']) {
      expect(() => storeTarget({ ...store, region }, { allowedHosts: [] }), region).toThrow(/not an AWS region name/);
    }
    for (const path of ['127.0.0.1/x.png', 'My_Bucket/x.png', '/x.png', 'a/x.png', 'b..c/x.png']) {
      expect(() => storeTarget({ ...store, path }, { allowedHosts: [] }), path).toThrow(/valid bucket name/);
    }
    for (const path of ['bucket', 'bucket/', 'bucket/../other/x.png', 'bucket/a\nb.png']) {
      expect(() => storeTarget({ ...store, path }, { allowedHosts: [] }), path).toThrow(/must name an object/);
    }
  });

  it('takes Cache-Control and the other object headers, and nothing else', () => {
    const t = storeTarget({ ...store, headers: { 'cache-control': 'public, max-age=31536000', Expires: 'Wed, 21 Oct 2026 07:28:00 GMT' } }, { allowedHosts: [] });
    expect(t.headers).toEqual({ CacheControl: 'public, max-age=31536000', Expires: new Date('2026-10-21T07:28:00Z') });
    expect(() => storeTarget({ ...store, headers: { 'x-amz-grant-full-control': 'id=x' } }, { allowedHosts: [] })).toThrow(/may set Cache-Control/);
    expect(() => storeTarget({ ...store, headers: { Expires: 'soon' } }, { allowedHosts: [] })).toThrow(/HTTP date/);
  });

  it("refuses the operator's endpoint on a private address literal unless it is allow-listed", () => {
    expect(() => storeTarget(store, { endpoint: 'http://127.0.0.1:7480', allowedHosts: [] })).toThrow(/private or loopback/);
    expect(() => storeTarget(store, { endpoint: 'http://[::1]:7480', allowedHosts: [] })).toThrow(/private or loopback/);
    const allowed = storeTarget(store, { endpoint: 'http://127.0.0.1:7480', allowedHosts: ['127.0.0.1'] });
    expect(allowed.location).toBe('http://127.0.0.1:7480/my-bucket/a%20b/photo.png');
  });
});
