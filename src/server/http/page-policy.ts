// The content policy of our HTML pages, built in one place: the site's pages and the isolated private page
// (isolated-page.ts) differ only in where their scripts come from and in what other sites may serve them.

/** The directives in which pages differ, as source lists. */
export interface PageSources {
  /** A nonce on a page served per visit; our own scripts and hashes on an offline shell (see `hashedScripts`). */
  script: string;
  img: string;
  connect: string;
  frame: string;
}

export function pageContentPolicy(sources: PageSources): string {
  return [
    "default-src 'self'",
    `script-src ${sources.script}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources.img}`,
    `connect-src ${sources.connect}`,
    // Private mode's codec workers: our own scripts only (they run under SCRIPT_ASSET_CSP).
    "worker-src 'self'",
    `frame-src ${sources.frame}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * An offline shell's scripts: our own, and its inline ones by their hashes. The shell is kept by the service worker
 * and answered offline, so it cannot carry a nonce (a cached nonce is replayed on every visit).
 */
export const hashedScripts = (inlineScriptHashes: readonly string[]): string => ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' ');
