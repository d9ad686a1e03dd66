import { describe, expect, it } from 'vitest';
import { devicePixelsPerImagePixel, panFromKey, splitFromKey, zoomIn, zoomOut, ZOOM_MAX, ZOOM_MIN } from '#client/components/tool/comparison/zoom.ts';
import { DEFAULT_SETTINGS, selectedPresetId, withCustomQuality, withPreset } from '#client/components/tool/settings.ts';
import { DEFAULT_CONTROL } from '#client/components/tool/control.ts';
import type { Preset } from '#contract/api';

describe('zoom in real pixels', () => {
  const viewer = { width: 800, height: 600 };
  it('reads the fitted size as screen pixels per image pixel, the narrower side deciding, device pixels counted', () => {
    // A 4000 x 2000 photo fits by its width: 0.2 CSS px per image px.
    expect(devicePixelsPerImagePixel(1, viewer, { width: 4000, height: 2000 }, 1)).toBeCloseTo(0.2);
    expect(devicePixelsPerImagePixel(1, viewer, { width: 4000, height: 2000 }, 2)).toBeCloseTo(0.4);
    // A tall one fits by its height.
    expect(devicePixelsPerImagePixel(1.5, viewer, { width: 300, height: 1200 }, 1)).toBeCloseTo(0.75);
    expect(devicePixelsPerImagePixel(1, null, { width: 300, height: 1200 }, 1)).toBeNull();
    expect(devicePixelsPerImagePixel(1, viewer, { width: null, height: null }, 1)).toBeNull();
  });

  it('lets the zoom reach 1:1 of a large photo past the usual maximum, and step back from it', () => {
    const oneToOne = 1 / 0.2;
    expect(zoomIn(4, oneToOne * 1.5)).toBeCloseTo(6);
    expect(zoomOut(7.5, 7.5)).toBeCloseTo(5);
    expect(zoomIn(4)).toBe(ZOOM_MAX);
  });

  it('moves the view 40 px per arrow press, 160 with Shift', () => {
    expect(panFromKey('ArrowRight', false)).toEqual({ x: 40, y: 0 });
    expect(panFromKey('ArrowUp', true)).toEqual({ x: 0, y: -160 });
    expect(panFromKey('Enter', false)).toBeNull();
  });
});

describe('zoom', () => {
  it('steps by 1.5 within 0.1 and 5', () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomOut(1.5)).toBe(1);
    let z = 1;
    for (let i = 0; i < 10; i++) z = zoomIn(z);
    expect(z).toBe(ZOOM_MAX);
    for (let i = 0; i < 20; i++) z = zoomOut(z);
    expect(z).toBe(ZOOM_MIN);
  });
});

describe('divider keys', () => {
  it('moves like a slider and clamps to 0-100', () => {
    expect(splitFromKey('ArrowRight', 50)).toBe(51);
    expect(splitFromKey('ArrowLeft', 50)).toBe(49);
    expect(splitFromKey('ArrowUp', 100)).toBe(100);
    expect(splitFromKey('ArrowDown', 0)).toBe(0);
    expect(splitFromKey('PageUp', 95)).toBe(100);
    expect(splitFromKey('Home', 40)).toBe(0);
    expect(splitFromKey('End', 40)).toBe(100);
    expect(splitFromKey('a', 40)).toBeNull();
  });
});

describe('compression settings', () => {
  const presets: Preset[] = [
    { id: 'high', name: 'High Quality', description: '', quality: 90, type: 'high', recommendedFor: [] },
    { id: 'web', name: 'Web Optimized', description: '', quality: 80, type: 'web', recommendedFor: [] },
  ];
  it('defaults to quality 80, type web', () => {
    expect(DEFAULT_SETTINGS).toEqual({ quality: 80, type: 'web', custom: false, format: 'original', background: '#ffffff', autoFor: 'web', control: DEFAULT_CONTROL });
    expect(selectedPresetId(DEFAULT_SETTINGS, presets)).toBe('web');
  });
  it('switches to custom with type standard when the slider moves', () => {
    const s = withCustomQuality(90);
    expect(s).toEqual({ quality: 90, type: 'standard', custom: true });
    expect(selectedPresetId(s, presets)).toBeNull();
  });
  it('takes a preset and leaves custom mode', () => {
    expect(withPreset(presets[0]!)).toEqual({ quality: 90, type: 'high', custom: false });
  });
});
