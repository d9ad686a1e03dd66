import { describe, expect, it } from 'vitest';
import { splitFromKey, zoomIn, zoomOut, ZOOM_MAX, ZOOM_MIN } from '../../../src/client/components/tool/comparison/zoom';
import { DEFAULT_SETTINGS, selectedPresetId, withCustomQuality, withPreset } from '../../../src/client/components/tool/settings';
import type { Preset } from '../../../src/contract/api';

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
    expect(DEFAULT_SETTINGS).toEqual({ quality: 80, type: 'web', custom: false, format: 'original', background: '#ffffff' });
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
