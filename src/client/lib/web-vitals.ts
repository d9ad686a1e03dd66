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

/** Loaded after the page's load event so measuring never competes with rendering. */
export async function reportWebVitals(): Promise<void> {
  const { onLCP, onINP, onCLS, onFCP, onTTFB } = await import('web-vitals');
  // reportAllChanges: a single-page app is rarely unloaded, so waiting for the final value would lose most reports.
  const options = { reportAllChanges: true };
  const report = (metric: { name: string; value: number }) => recordVital(metric.name as VitalName, metric.value);
  onLCP(report, options);
  onINP(report, options);
  onCLS(report, options);
  onFCP(report, options);
  onTTFB(report, options);
}
