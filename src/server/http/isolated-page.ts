// The private page (/private) is cross-origin isolated, so that its codec workers get SharedArrayBuffer and run
// libvips, the server's own codecs, in the browser (docs/decisions/0560). Isolation means nothing from another
// origin may load there: no ads, no third-party script, image or frame. The rest of the site keeps its ads and is
// not isolated.
import { hashedScripts, pageContentPolicy } from './page-policy';

/** The page paths served isolated. */
export const ISOLATED_PAGES: ReadonlySet<string> = new Set(['/private']);

/**
 * COOP `same-origin` (on every response already) with COEP `require-corp`: a browser then isolates the page, and
 * refuses any cross-origin resource that does not opt in. Our own files are same-origin and load as before.
 */
export const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } as const;

/**
 * Our built files, including the codec workers and libvips's thread workers: same-origin only (CORP), and workers
 * under the same embedder policy as the isolated page that starts them (a worker takes its own response's policy).
 */
export const ASSET_ISOLATION_HEADERS = { 'Cross-Origin-Resource-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } as const;

/** Nothing from another origin: images only from us, data: and blob: (the results are Blobs), no frames. */
const ISOLATED_SOURCES = { img: "'self' data: blob:", connect: "'self'", frame: "'none'" };

/** The isolated page's content policy: our own scripts by nonce (and the chunks they load), our own origin for the rest. */
export function isolatedPagePolicy(nonce: string): string {
  return pageContentPolicy({ ...ISOLATED_SOURCES, script: `'nonce-${nonce}' 'strict-dynamic'` });
}

/** The private page's offline shell (served for nobody, no nonce). */
export function isolatedShellPolicy(inlineScriptHashes: readonly string[]): string {
  return pageContentPolicy({ ...ISOLATED_SOURCES, script: hashedScripts(inlineScriptHashes) });
}
