// An upload's settings are judged before its first file is stored (issue 2/7): a refused upload writes nothing to
// disk and decodes nothing, and its answer still comes after the body, on an open connection. Over a real Fastify
// app with the multipart parser the server uses, and a real photograph.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveUpload, type FieldsCheck } from '#server/http/upload-intake';
import { DomainError } from '#server/errors';
import { corpusPath } from '../../../support/paths';

const PHOTO = fs.readFileSync(corpusPath('photos', 'exif-orient6-landscape.jpg'));
const LIMITS = { minRate: { minBytesPerSecond: 1, graceMs: 60_000 }, maxFiles: 5, maxFileSize: 10_000_000, tooLargeMessage: 'too large', tooLargeCode: 'FILE_TOO_LARGE' as const };

let dir: string;
let stored: string[];
let made = 0;
const app = Fastify();

const refuseLowQuality: FieldsCheck = (fields) => {
  if (Number(fields.quality) < 1) throw new DomainError('INVALID_SETTINGS', 'Quality must be from 1 to 100', { field: 'quality' });
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-'));
  const { default: multipart } = await import('@fastify/multipart');
  await app.register(multipart, { throwFileSizeLimit: false });
  const scratch = { tempPath: () => { const p = path.join(dir, `upload-${(made += 1)}`); stored.push(p); return p; } };
  app.post('/upload', async (request, reply) => {
    try {
      const result = await receiveUpload(request, scratch, LIMITS, 50_000_000, refuseLowQuality);
      return { accepted: result.accepted.length, fields: result.fields };
    } catch (err) {
      if (err instanceof DomainError) return reply.code(400).send({ code: err.code, field: err.field });
      throw err;
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function upload(fields: Record<string, string>, files: number, fieldsAfter: Record<string, string> = {}) {
  stored = [];
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < files; i++) form.append('images', new Blob([PHOTO], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  for (const [k, v] of Object.entries(fieldsAfter)) form.append(k, v);
  const address = app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${address.port}/upload`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('upload intake', () => {
  it('refuses settings sent before the files without storing any file, after reading the whole body', async () => {
    const refused = await upload({ quality: '0' }, 3);
    expect(refused).toEqual({ status: 400, body: { code: 'INVALID_SETTINGS', field: 'quality' } });
    expect(stored).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stores every file when the settings pass', async () => {
    const taken = await upload({ quality: '70' }, 3);
    expect(taken).toEqual({ status: 200, body: { accepted: 3, fields: { quality: '70' } } });
    expect(stored).toHaveLength(3);
  });

  it('fields sent after the files are kept for the use case to judge (it judges them all again)', async () => {
    const late = await upload({}, 1, { quality: '0' });
    expect(late).toEqual({ status: 200, body: { accepted: 1, fields: { quality: '0' } } });
  });
});
