// Raw HTTP over a socket, for requests fetch() refuses to send (broken multipart, lying lengths, aborts).
import net from 'node:net';

export interface RawResponse {
  status: number | null;
  head: string;
  body: string;
  /** True when the server closed the connection without an HTTP response. */
  closedWithoutResponse: boolean;
}

export function rawRequest(port: number, request: Buffer | string, options: { abortAfterMs?: number; timeoutMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: m ? Number(m[1]) : null, head: head ?? '', body: rest.join('\r\n\r\n'), closedWithoutResponse: !m });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 15_000);
    socket.on('data', (d) => {
      data += d.toString('latin1');
      // One response is all we want; stop once its body has arrived.
      const len = /content-length: (\d+)/i.exec(data);
      const split = data.indexOf('\r\n\r\n');
      if (len && split >= 0 && data.length - split - 4 >= Number(len[1])) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(request);
    if (options.abortAfterMs !== undefined) setTimeout(() => socket.destroy(), options.abortAfterMs);
  });
}

export function multipartRequest(opts: { boundary: string; body: Buffer | string; contentLength?: number; cookie?: string; extraHeaders?: string }): Buffer {
  const body = Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body, 'latin1');
  const head =
    `POST /api/compress HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${opts.boundary}\r\n` +
    `Content-Length: ${opts.contentLength ?? body.length}\r\n${opts.cookie ? `Cookie: ${opts.cookie}\r\n` : ''}${opts.extraHeaders ?? ''}Connection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

export function filePart(boundary: string, name: string, filename: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
    data,
    Buffer.from('\r\n', 'latin1'),
  ]);
}
