// RFC 6266 Content-Disposition: `filename*` (RFC 5987, UTF-8, percent-encoded) carries any name exactly, quotes and
// emoji included; `filename` is a plain-ASCII fallback for old clients (one `_` per character it cannot carry).
// Neither can break out of the header.
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/gu, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
