// A TLS-terminating reverse proxy for tests, with a self-signed certificate made on the spot (openssl): what a
// deployment puts in front of the server. Forwards each request with X-Forwarded-Proto/For, so the server (started
// with TRUST_PROXY=127.0.0.1) sees https and builds https URLs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface TlsProxy {
  url: string;
  /** The certificate (PEM) clients must trust. */
  ca: string;
  close: () => Promise<void>;
}

export async function startTlsProxy(backendPort: number): Promise<TlsProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-proxy-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'ignore' });
  const cert = fs.readFileSync(certFile, 'utf8');
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: cert,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
