// Private mode leaves animations to the server: the browser decodes only their first frame. An APNG (acTL with more
// than one frame) and an animated WebP (VP8X's animation flag) are told from still PNGs and WebPs by their bytes.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { needsServer } from '#client/private/sniff.ts';
import { animation, apng, textured } from '../../support/animation';
import { corpusPath } from '../../support/paths';

describe('private mode: animations', () => {
  it('tells an APNG and an animated WebP from still ones', async () => {
    const frames = [0, 1].map((k) => ({ rgba: textured(20, 20, k), width: 20, height: 20, delay: 100 }));
    const animatedPng = new Uint8Array(await apng({ width: 20, height: 20, loop: 0 }, frames));
    const oneFramePng = new Uint8Array(await apng({ width: 20, height: 20, loop: 0 }, frames.slice(0, 1)));
    const animatedWebp = new Uint8Array(await animation('webp', { frames: 2, width: 20, height: 20, delay: [100, 100], loop: 0 }));
    const stillWebp = new Uint8Array(await sharp(corpusPath('png', 'squoosh-example-rgba.png')).webp().toBuffer());
    const stillPng = new Uint8Array(await sharp(corpusPath('photos', 'kodim03.png')).png().toBuffer());
    const verdict = (b: Uint8Array) => needsServer(b) !== null;
    expect([verdict(animatedPng), verdict(animatedWebp)]).toEqual([true, true]);
    expect([verdict(oneFramePng), verdict(stillWebp), verdict(stillPng)]).toEqual([false, false, false]);
  });
});
