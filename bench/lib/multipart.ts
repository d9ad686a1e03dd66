// Streams one enormous multipart upload (never built in memory) over a raw socket, to see how the server cuts
// it off: the status it answers, when, and how many body bytes it takes before answering or closing. A raw
// socket, because node:http stops sending by itself once a response has arrived, which would hide whether
// the server keeps reading.
import net from 'node:net';
import { randomBytes } from 'node:crypto';

export interface HugeUploadOptions {
  /** Session cookie (`sid=...`). */
  cookie: string | null;
  /** The file size the body pretends to carry. */
  fileBytes: number;
  /** Send a Content-Length for the whole body; otherwise Transfer-Encoding: chunked with no length. */
  declareLength: boolean;
  /** Stop sending after this many body bytes. */
  capBytes: number;
  /** Give up when the server takes no data for this long. */
  stallMs?: number;
  chunkBytes?: number;
}

export interface HugeUploadResult {
  status: number | null;
  body: string;
  /** Body bytes flushed to the kernel when the first response bytes arrived (the socket buffers hold a few MB more). */
  bytesAtResponse: number | null;
  msToResponse: number | null;
  /** Body bytes flushed to the kernel in all. */
  bytesSent: number;
  ms: number;
  /** Why sending stopped: the cap, the server closed (FIN or reset), or the server stopped reading. */
  end: 'cap' | 'server-closed' | 'stalled';
  /** Whether the server closed the connection (FIN or reset) before we did. */
  serverClosed: boolean;
  /** For a chunked body stopped at the cap: we then ended the body properly and waited for the answer. */
  finishedBody: boolean;
  error?: string;
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

export function streamHugeUpload(baseUrl: string, o: HugeUploadOptions): Promise<HugeUploadResult> {
  const url = new URL(baseUrl);
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="quality"\r\n\r\n80\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunkBytes = o.chunkBytes ?? 256 * 1024;
  const zeros = Buffer.alloc(chunkBytes);
  const requestHead =
    `POST /api/compress HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
    (o.cookie ? `Cookie: ${o.cookie}\r\n` : '') +
    (o.declareLength ? `Content-Length: ${head.length + o.fileBytes + tail.length}\r\n` : 'Transfer-Encoding: chunked\r\n') +
    // Keep-alive, as browsers send: a server that wants to reuse the connection must read (or refuse) the rest.
    '\r\n';
  // Chunked framing around each piece of body.
  const frame = (buf: Buffer) => (o.declareLength ? buf : Buffer.concat([Buffer.from(`${buf.length.toString(16)}\r\n`), buf, Buffer.from('\r\n')]));

  return new Promise((resolve) => {
    const t0 = performance.now();
    const result: HugeUploadResult = {
      status: null,
      body: '',
      bytesAtResponse: null,
      msToResponse: null,
      bytesSent: 0,
      ms: 0,
      end: 'cap',
      serverClosed: false,
      finishedBody: false,
    };
    let response = Buffer.alloc(0);
    let closed = false;
    let wake: () => void = () => undefined;
    const socket = net.connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => {
      if (result.bytesAtResponse === null) {
        result.bytesAtResponse = result.bytesSent;
        result.msToResponse = performance.now() - t0;
      }
      response = Buffer.concat([response, d]);
    });
    const onGone = (why: string) => {
      if (!closed) {
        closed = true;
        result.serverClosed = true;
        result.error ??= why;
      }
      wake();
    };
    socket.on('end', () => onGone('server closed the connection (FIN)'));
    socket.on('error', (err) => onGone(err.message));
    socket.on('close', () => onGone('connection closed'));

    const write = (buf: Buffer, bodyBytes: number) =>
      new Promise<'ok' | 'closed' | 'stalled'>((done) => {
        if (closed) return done('closed');
        const stall = setTimeout(() => done('stalled'), o.stallMs ?? 5000);
        wake = () => {
          clearTimeout(stall);
          done('closed');
        };
        const flushedNow = socket.write(buf, (err) => {
          if (!err) result.bytesSent += bodyBytes;
        });
        const ok = () => {
          clearTimeout(stall);
          done(closed ? 'closed' : 'ok');
        };
        if (flushedNow) ok();
        else socket.once('drain', ok);
      });

    const waitForAnswer = (ms: number) =>
      new Promise<void>((r) => {
        const timer = setTimeout(r, ms);
        socket.once('close', () => {
          clearTimeout(timer);
          r();
        });
      });

    socket.once('connect', () => {
      void (async () => {
        socket.write(requestHead);
        const bodyCap = Math.min(o.capBytes, head.length + o.fileBytes);
        let queued = 0;
        let state: 'ok' | 'closed' | 'stalled' = 'ok';
        while (queued < bodyCap && state === 'ok') {
          let chunk: Buffer;
          if (queued === 0) chunk = Buffer.concat([head, JPEG_HEAD, zeros.subarray(0, chunkBytes - head.length - JPEG_HEAD.length)]);
          else chunk = zeros.subarray(0, Math.min(chunkBytes, bodyCap - queued));
          queued += chunk.length;
          state = await write(frame(chunk), chunk.length);
        }
        result.end = state === 'ok' ? 'cap' : state === 'closed' ? 'server-closed' : 'stalled';
        if (result.end === 'cap' && !o.declareLength) {
          // End the multipart body properly and see what the server answers once it has read everything.
          socket.write(Buffer.concat([frame(tail), Buffer.from('0\r\n\r\n')]));
          result.finishedBody = true;
          await waitForAnswer(30_000);
        } else if (!closed) {
          await waitForAnswer(2_000);
        }
        result.ms = performance.now() - t0;
        const text = response.toString('latin1');
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
        result.status = status ? Number(status[1]) : null;
        const split = text.indexOf('\r\n\r\n');
        result.body = split >= 0 ? text.slice(split + 4, split + 4 + 300) : '';
        socket.destroy();
        resolve(result);
      })();
    });
  });
}

/** A small multipart body built in memory: `images` file parts plus text fields. */
export function multipartBody(
  files: readonly { name: string; data: Buffer; type: string }[],
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
