import { describe, expect, it } from 'vitest';
import * as format from '#client/lib/format.ts';
import { formatCount, formatElapsed, formatExpiry, formatFileSize, formatMinutes, savingPercent } from '#client/lib/format.ts';

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

describe('one size formatter and one count formatter across the site', () => {
  it('has no second size format (the dashboard once showed "6.73 MB" beside the tool’s "3.5 MB")', () => {
    expect(Object.keys(format).filter((name) => /bytes|size/i.test(name) && name.startsWith('format'))).toEqual(['formatFileSize']);
    expect(formatFileSize(1_234_567)).toBe('1.2 MB');
    expect(formatFileSize(5 * 1024 ** 3 + 123_456_789)).toBe('5.1 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048 GB');
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(10000)).toBe('10,000');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
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
