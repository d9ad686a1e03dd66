// JSON and HTML answers are compressed when the client accepts it; images and small answers are left alone.
import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitForSettled } from '../support/jobs';

/** A raw GET: fetch would decode the body and hide what went over the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('response compression', () => {
  const server = useServer();

  it('compresses a job list with brotli or gzip as accepted, and never an image', async () => {
    const guest = new HttpClient(server.url);
    const photo = fileFrom(corpusPath('photos', 'turbo-testorig.jpg'));
    expect((await guest.upload(Array.from({ length: 6 }, (_, i) => ({ ...photo, name: `photo-${i}.jpg` })))).status).toBe(201);
    const jobs = await waitForSettled(guest);
    const cookie = guest.cookie!;
    const plain = await rawGet(`${server.url}/api/jobs`, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await rawGet(`${server.url}/api/jobs`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const gz = await rawGet(`${server.url}/api/jobs`, { cookie, 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const image = await rawGet(`${server.url}/api/download/${jobs[0]!.id}`, { cookie, 'accept-encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the HTML page and leaves small answers as they are', async () => {
    const page = await rawGet(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<div id="root">');

    const small = await rawGet(`${server.url}/api/queue/status`, { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(512);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
