// Settings reach the codec one way (issue 2/7): the contract drops `type` (withoutType) and holds the defaults
// (DEFAULT_CODEC_FIELDS). A module that destructures `type` away by hand, or spreads the raw defaults, is a second way.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEC_FIELDS, DEFAULT_COMPRESS_SETTINGS, withoutType } from '#contract/settings-schema';
import { REPO_ROOT } from '../../support/paths';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** `type` bound to an unused name next to a rest spread: `type` dropped by hand. */
export const dropsTypeByHand = (text: string) => /\{\s*type:\s*_\w*\s*,\s*\.\.\./.test(text);

describe('settings reach the codec one way', () => {
  it('no module drops `type` by hand: the contract’s withoutType does it', () => {
    const found = [...sources(path.join(REPO_ROOT, 'src')), ...sources(path.join(REPO_ROOT, 'tests'))]
      .filter((file) => dropsTypeByHand(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(found).toEqual([]);
  });

  it('notices a hand-made drop (the check bites)', () => {
    // Written in two pieces, so that this file's own text does not match.
    expect(dropsTypeByHand(['const { type: _type,', ' ...settings } = parsed;'].join(''))).toBe(true);
    expect(dropsTypeByHand('const settings = withoutType(parsed);')).toBe(false);
  });

  it('withoutType drops `type` and nothing else, without touching its argument', () => {
    const { type, ...rest } = DEFAULT_COMPRESS_SETTINGS;
    expect(type).toBeDefined();
    expect(withoutType(DEFAULT_COMPRESS_SETTINGS)).toEqual(rest);
    expect(DEFAULT_COMPRESS_SETTINGS.type).toBe(type);
    expect('type' in DEFAULT_CODEC_FIELDS).toBe(false);
  });
});
