import { describe, expect, it } from 'vitest';
import { formatBytes, formatElapsed, formatExpiry, formatFileSize, formatMinutes, savingPercent } from '#client/lib/format.ts';

describe('formatFileSize (drop zone: 1024 steps, one decimal)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1587, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [10.46 * 1024 * 1024, '10.5 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d -> %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});

describe('formatBytes (dashboard: 1024 steps, two decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [1000, '1000 Bytes'],
    [1024, '1 KB'],
    [1587, '1.55 KB'],
    [1_234_567, '1.18 MB'],
    [5 * 1024 ** 3 + 123_456_789, '5.11 GB'],
  ])('%d -> %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it('stays in GB for terabyte values', () => expect(formatBytes(2 * 1024 ** 4)).toBe('2048 GB'));
  it('treats negative and non-finite values as zero', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });
});

describe('other formatters', () => {
  it('rounds the saving and never goes negative', () => {
    expect(savingPercent(1000, 250)).toBe(75);
    expect(savingPercent(1000, 1000)).toBe(0);
    expect(savingPercent(1000, 1200)).toBe(0);
    expect(savingPercent(1000, null)).toBe(0);
  });
  it('formats minutes and seconds', () => {
    expect(formatMinutes(0.4)).toBe('< 1 min');
    expect(formatMinutes(4.2)).toBe('4 min');
    expect(formatMinutes(65)).toBe('1 h 5 min');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(3725)).toBe('1:02:05');
  });
  it('says when files expire', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(formatExpiry('2025-01-01T23:59:30Z', now)).toBe('in 23 h 59 min');
    expect(formatExpiry('2025-01-01T00:05:00Z', now)).toBe('in 5 min');
    expect(formatExpiry('2025-01-01T02:00:00Z', now)).toBe('in 2 h');
    expect(formatExpiry('2024-12-31T23:00:00Z', now)).toBe('soon');
  });
});
