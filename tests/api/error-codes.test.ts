// Errors are data: every refusal the API gives carries a code from the contract's closed set, with the status the
// HTTP layer's table names for it, and Retry-After where trying again can help.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { ERROR_CODES } from '#contract/errors';

let seq = 0;
const registration = () => ({
  email: `codes${Date.now()}-${seq++}@example.com`,
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
});
const photo = () => fileFrom(corpusPath('png', 'pngsuite', 'basn0g08.png'));

async function expectError(res: Response, status: number, code: string) {
  expect(res.status, code).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await res.json()) as { message: unknown; code: unknown };
  expect(body.code).toBe(code);
  expect(ERROR_CODES).toContain(body.code);
  expect(typeof body.message).toBe('string');
  return body;
}

describe('error codes', () => {
  const server = useServer();

  it('names malformed, unsupported, cross-site and unknown requests', async () => {
    const c = new HttpClient(server.url);
    await expectError(await c.get('/api/no-such-thing'), 404, 'NOT_FOUND');
    await expectError(
      await c.request('POST', '/api/login', { body: '{"email":', headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_REQUEST',
    );
    await expectError(await c.post('/api/compress', { images: [] }), 415, 'UNSUPPORTED_TYPE');
    await expectError(await c.post('/api/queue/pause', undefined, { origin: 'https://evil.example' }), 403, 'CROSS_SITE');
  });

  it('names validation failures with the field at fault', async () => {
    const c = new HttpClient(server.url);
    const body = await expectError(await c.post('/api/register', { ...registration(), password: '123' }), 400, 'VALIDATION_FAILED');
    expect(body).toMatchObject({ field: 'password', message: 'Password must be at least 6 characters' });
    const upload = await expectError(await c.upload([photo()], { quality: '0' }), 400, 'INVALID_SETTINGS');
    expect(upload).toMatchObject({ field: 'quality' });
  });

  it('names account refusals', async () => {
    const c = new HttpClient(server.url);
    await expectError(await c.get('/api/user'), 401, 'UNAUTHENTICATED');
    const input = registration();
    expect((await c.post('/api/register', input)).status).toBe(201);
    await expectError(await new HttpClient(server.url).post('/api/register', input), 409, 'EMAIL_TAKEN');
    await expectError(await new HttpClient(server.url).post('/api/login', { ...input, password: 'wrong password' }), 401, 'BAD_CREDENTIALS');
  });

  it('names refused uploads, each rejected file included', async () => {
    const c = new HttpClient(server.url);
    await expectError(await c.upload([], { quality: '80' }), 400, 'NO_FILES');
    const empty = await expectError(await c.upload([{ name: 'empty.png', data: Buffer.alloc(0) }]), 400, 'FILE_TOO_SMALL');
    expect(empty).toMatchObject({ rejected: [{ filename: 'empty.png', code: 'FILE_TOO_SMALL' }] });
  });

  it('names missing and unfinished jobs', async () => {
    const c = new HttpClient(server.url);
    await expectError(await c.delete('/api/jobs/no-such-job'), 404, 'NOT_FOUND');
    await expectError(await c.get('/api/download-all'), 404, 'NOT_FOUND');
    expect((await c.post('/api/queue/pause')).status).toBe(200);
    const created = (await (await c.upload([photo()])).json()) as { jobs: { id: string }[] };
    await expectError(await c.get(`/api/download/${created.jobs[0]!.id}`), 409, 'NOT_READY');
    // Another owner's job is indistinguishable from a missing one.
    await expectError(await new HttpClient(server.url).get(`/api/download/${created.jobs[0]!.id}`), 404, 'NOT_FOUND');
  });
});
