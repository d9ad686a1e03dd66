// Number, size and name formatting shared by every page: one size formatter (the drop zone's 1024 steps and at most
// one decimal, also on the dashboard and in estimates, so the same file reads the same everywhere) and one count
// formatter ("10,000").
import type { User } from '#contract/api';
import { RETENTION_HOURS } from '#contract/limits';

/** How long files are kept, as every page says it (content/limits-text.ts re-exports it for the pages). */
export const RETENTION_TEXT = `within ${RETENTION_HOURS} hours`;

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

function formatWithDecimals(bytes: number, decimals: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  // parseFloat drops trailing zeros, so 10 MB reads "10 MB" rather than "10.0 MB".
  return `${parseFloat((bytes / 1024 ** i).toFixed(decimals))} ${UNITS[i]}`;
}

/** Every size the site shows: 1024 steps, at most one decimal. */
export const formatFileSize = (bytes: number): string => formatWithDecimals(bytes, 1);

/** Whole counts with thousands separators: "10,000 images", the same in every browser locale. */
export const formatCount = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Whole-percent saving of compressed against original; never negative (the server never returns a bigger file). */
export function savingPercent(originalSize: number, compressedSize: number | null | undefined): number {
  if (!originalSize || compressedSize == null) return 0;
  return Math.max(0, Math.round((1 - compressedSize / originalSize) * 100));
}

/** A perceptual score as the card and the comparison show it: one decimal (SSIMULACRA 2 runs to 100). */
export const perceptualScoreText = (score: number): string => score.toFixed(1);

/**
 * A SSIMULACRA 2 score in words, for people who do not read the metric: 90 and up is where its authors place "no
 * visible difference at normal viewing", 70 "very high quality" (the number itself goes in a tooltip).
 */
export function perceptualVerdict(score: number): 'looks identical' | 'very close' | 'visible changes' {
  if (score >= 90) return 'looks identical';
  if (score >= 70) return 'very close';
  return 'visible changes';
}

/** Minutes as a short human duration: "< 1 min", "4 min", "1 h 5 min". */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '0 min';
  if (minutes < 1) return '< 1 min';
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Seconds as "m:ss" (or "h:mm:ss"). */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** When a job's files go away, relative to now: "in 23 h 59 min", "in 5 min", "soon". */
export function formatExpiry(expiresAt: string, now: number = Date.now()): string {
  const ms = new Date(expiresAt).getTime() - now;
  if (!Number.isFinite(ms)) return RETENTION_TEXT;
  if (ms <= 60_000) return 'soon';
  const totalMin = Math.floor(ms / 60_000);
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  if (h === 0) return `in ${m} min`;
  return m === 0 ? `in ${h} h` : `in ${h} h ${m} min`;
}

/** Absolute local date and time for tooltips and <time> titles. */
export const formatDateTime = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

export const formatDimensions = (w: number | null | undefined, h: number | null | undefined): string | null =>
  w && h ? `${w} × ${h}` : null;

/** The name a greeting uses: first name, else email. */
export const displayName = (user: Pick<User, 'firstName' | 'email'>): string => user.firstName?.trim() || user.email;

/** Avatar letter: first letter of the first name, else of the email, else U. */
export const userInitial = (user: Partial<Pick<User, 'firstName' | 'email'>> | null | undefined): string =>
  (user?.firstName?.trim()[0] ?? user?.email?.trim()[0] ?? 'U').toUpperCase();
