import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_SIZES, decideAd, resolveAdClientId } from '#client/components/ads/ad-config.ts';

describe('ad decision', () => {
  it('renders nothing without a client id', () => {
    expect(decideAd(undefined, 'leaderboard')).toEqual({ render: false });
    expect(decideAd(null, 'medium')).toEqual({ render: false });
    expect(decideAd('', 'medium')).toEqual({ render: false });
    expect(decideAd('   ', 'medium')).toEqual({ render: false });
  });

  it('reserves the exact size of each spec size when a client id is set', () => {
    const expected = {
      'mobile-banner': [320, 50],
      leaderboard: [728, 90],
      billboard: [970, 250],
      'large-rectangle': [336, 280],
      small: [250, 250],
      medium: [300, 250],
      large: [336, 280],
      skyscraper: [160, 600],
    } as const;
    for (const [size, [width, height]] of Object.entries(expected)) {
      expect(decideAd(' ca-pub-123 ', size as keyof typeof AD_SIZES)).toEqual({ render: true, clientId: 'ca-pub-123', width, height });
    }
    expect(Object.keys(AD_SIZES).sort()).toEqual(Object.keys(expected).sort());
  });

  it('prefers the runtime override to the build-time value', () => {
    expect(resolveAdClientId('ca-pub-test', 'ca-pub-env')).toBe('ca-pub-test');
    expect(resolveAdClientId(undefined, 'ca-pub-env')).toBe('ca-pub-env');
    expect(resolveAdClientId(undefined, undefined)).toBeUndefined();
  });
});

describe('missing client warning', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns once per page load however many slots ask', async () => {
    vi.resetModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { warnMissingClientOnce, MISSING_CLIENT_WARNING } = await import('#client/components/ads/ad-config.ts');
    warnMissingClientOnce();
    warnMissingClientOnce();
    warnMissingClientOnce();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MISSING_CLIENT_WARNING);
  });
});
