// Core Web Vitals in the field: each metric is rated with the spec's thresholds, logged at debug level
// and kept on window.__WEB_VITALS__ (latest value per metric) so tests and the console can read it.
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export interface VitalRecord {
  value: number;
  rating: VitalRating;
}

/** [good, poor]: a value up to the first is good, above the second is poor (ms, CLS unitless). */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function rateMetric(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

declare global {
  interface Window {
    __WEB_VITALS__?: Partial<Record<VitalName, VitalRecord>>;
  }
}

export function recordVital(name: VitalName, value: number): VitalRecord {
  const record = { value, rating: rateMetric(name, value) };
  window.__WEB_VITALS__ = { ...window.__WEB_VITALS__, [name]: record };
  console.debug(`[web-vitals] ${name} ${Math.round(value * 1000) / 1000} (${record.rating})`);
  return record;
}

type TimedEntry = PerformanceEntry & { hadRecentInput?: boolean; value?: number; interactionId?: number };

/** Buffered, so entries from before this module loaded (it loads after the load event) are seen too. */
function observe(type: string, onEntries: (entries: TimedEntry[]) => void, options: Record<string, unknown> = {}): void {
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries() as TimedEntry[])).observe({ type, buffered: true, ...options });
  } catch {
    // An entry type this browser does not report: that vital is simply not recorded.
  }
}

/**
 * Loaded after the page's load event so measuring never competes with rendering. The browser's own entries, read the
 * way the Core Web Vitals define them (a few lines instead of a 3 KB library on every page): TTFB from the navigation,
 * FCP from the paint entry, LCP the latest candidate (the browser stops after the first input), CLS the worst session
 * window (shifts less than 1 s apart, at most 5 s long), INP the slowest interaction (the definition's own rule below
 * 50 interactions, which a page view of this app stays under).
 */
export function reportWebVitals(): void {
  const nav = performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  if (nav) recordVital('TTFB', Math.max(0, nav.responseStart - (nav.activationStart ?? 0)));
  observe('paint', (entries) => {
    for (const e of entries) if (e.name === 'first-contentful-paint') recordVital('FCP', e.startTime);
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last) recordVital('LCP', last.startTime);
  });
  let session = 0;
  let sessionStart = 0;
  let previous = 0;
  let worst = -1;
  observe('layout-shift', (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      const joins = session > 0 && e.startTime - previous < 1000 && e.startTime - sessionStart < 5000;
      session = joins ? session + (e.value ?? 0) : (e.value ?? 0);
      if (!joins) sessionStart = e.startTime;
      previous = e.startTime;
      if (session > worst) recordVital('CLS', (worst = session));
    }
  });
  if (worst < 0) recordVital('CLS', (worst = 0));
  let slowest = 0;
  observe(
    'event',
    (entries) => {
      for (const e of entries) if (e.interactionId && e.duration > slowest) recordVital('INP', (slowest = e.duration));
    },
    { durationThreshold: 40 },
  );
}
