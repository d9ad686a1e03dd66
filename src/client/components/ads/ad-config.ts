// What an ad slot renders, decided from the ad client id alone (pure, unit-tested), plus the
// page-wide side effects that must happen once: the missing-id warning and the ad script.
export type AdSize =
  | 'mobile-banner'
  | 'leaderboard'
  | 'billboard'
  | 'large-rectangle'
  | 'small'
  | 'medium'
  | 'large'
  | 'skyscraper';

export const AD_SIZES: Record<AdSize, { width: number; height: number }> = {
  'mobile-banner': { width: 320, height: 50 },
  leaderboard: { width: 728, height: 90 },
  billboard: { width: 970, height: 250 },
  'large-rectangle': { width: 336, height: 280 },
  small: { width: 250, height: 250 },
  medium: { width: 300, height: 250 },
  large: { width: 336, height: 280 },
  skyscraper: { width: 160, height: 600 },
};

export type AdDecision =
  | { render: false }
  | { render: true; clientId: string; width: number; height: number };

export function decideAd(clientId: string | null | undefined, size: AdSize): AdDecision {
  const id = typeof clientId === 'string' ? clientId.trim() : '';
  if (!id) return { render: false };
  return { render: true, clientId: id, ...AD_SIZES[size] };
}

declare global {
  interface Window {
    /** Test-only override of the build-time ad client id (set before the app loads). */
    __AD_CLIENT_ID__?: string;
    adsbygoogle?: unknown[];
  }
}

/** The runtime override wins so browser tests can switch ads on without rebuilding. */
export function resolveAdClientId(
  override: string | undefined = typeof window === 'undefined' ? undefined : window.__AD_CLIENT_ID__,
  fromEnv: string | undefined = import.meta.env.PUBLIC_AD_CLIENT_ID as string | undefined,
): string | undefined {
  return override ?? fromEnv;
}

export const MISSING_CLIENT_WARNING =
  'Ads are disabled: PUBLIC_AD_CLIENT_ID is not set, so no ad slots are rendered.';

let warned = false;

/** One warning per page load, however many slots a page (or a later client-side route) has. */
export function warnMissingClientOnce(): void {
  if (warned) return;
  warned = true;
  console.warn(MISSING_CLIENT_WARNING);
}

export const AD_SCRIPT_BASE = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

export function ensureAdScript(clientId: string): void {
  if (document.querySelector('script[data-ad-loader]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${AD_SCRIPT_BASE}?client=${encodeURIComponent(clientId)}`;
  script.dataset.adLoader = 'true';
  document.head.appendChild(script);
}
