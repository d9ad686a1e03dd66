import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

describe('loadConfig', () => {
  it('defaults to the embedded mode on port 5000 with data in ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.sqlitePath).toBe(path.join(path.resolve('./data'), 'app.db'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.role).toBe('all');
  });

  it('reads the scale-out settings', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://db/app', REDIS_URL: 'redis://cache:6379', ROLE: 'worker', DATA_DIR: '/srv/data' });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://db/app', redisUrl: 'redis://cache:6379', role: 'worker', filesDir: '/srv/data/files' });
  });

  it("reads Tinify store's endpoint and allow-list, and refuses an endpoint that is not a bare http(s) URL", () => {
    expect(loadConfig({}).tinifyStore).toEqual({ endpoint: undefined, allowedHosts: [] });
    expect(loadConfig({ TINIFY_STORE_S3_ENDPOINT: 'http://127.0.0.1:7480/', TINIFY_STORE_ALLOWED_HOSTS: ' 127.0.0.1, [::1] ' }).tinifyStore).toEqual({
      endpoint: 'http://127.0.0.1:7480',
      allowedHosts: ['127.0.0.1', '::1'],
    });
    for (const bad of ['s3.example.com', 'ftp://s3.example.com', 'https://s3.example.com/bucket', 'https://user@s3.example.com']) {
      expect(() => loadConfig({ TINIFY_STORE_S3_ENDPOINT: bad }), bad).toThrow(/TINIFY_STORE_S3_ENDPOINT: must be an http/);
    }
  });

  it('treats empty optional URLs as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined });
  });

  it('trusts no proxy by default, and exactly the listed addresses and ranges when told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,loopback,fd00::/8 ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ROLE: 'boss' }, /ROLE/],
    [{ ROLE: 'worker' }, /ROLE: ROLE=worker needs REDIS_URL/],
    [{ ROLE: 'api', DATABASE_URL: 'postgres://db/app' }, /ROLE: ROLE=api needs REDIS_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgres/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY: true would believe any client's X-Forwarded-For; list the addresses/],
    [{ TRUST_PROXY: '1' }, /TRUST_PROXY: true would believe/],
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY: a hop count is not accepted/],
    [{ TRUST_PROXY: '10.0.0.0/8,proxy.example' }, /TRUST_PROXY: "proxy.example" is not an IP address/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY: "10.0.0.0\/33"/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
