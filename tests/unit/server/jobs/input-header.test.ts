// A job's input header is read once, at intake, and carried on its row: the row keeps what was read (every frame of
// an animation counted), and only a header this code wrote is trusted back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headerColumn, recordedHeader } from '#server/jobs/input-header';
import { corpusPath } from '../../../support/paths';
import { realFilePath } from '../../../support/real-files';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'input-header-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('headerColumn and recordedHeader', () => {
  it('records a photo\'s format and size, and an animation\'s pixels over every frame, and reads them back', async () => {
    const photo = await headerColumn(corpusPath('photos', 'kodim03.png'));
    expect(recordedHeader({ input_header: photo })).toEqual({ format: 'png', pixels: 768 * 512, width: 768, height: 512 });
    const fire = recordedHeader({ input_header: await headerColumn(realFilePath('gif-animated-fire.gif')) });
    expect(fire).toMatchObject({ width: 30, height: 60, pixels: 30 * 60 * 33, decoded: true });
  });

  it('records nothing for a file that is no image, so the pool reads it itself', async () => {
    const text = path.join(tmp, 'text');
    fs.writeFileSync(text, 'not an image');
    expect(await headerColumn(text)).toBeNull();
    expect(recordedHeader({ input_header: null })).toBeUndefined();
  });

  it('trusts back only a header of ours: a known format and positive sizes', () => {
    const good = { format: 'webp', pixels: 6, width: 3, height: 2 };
    expect(recordedHeader({ input_header: JSON.stringify(good) })).toEqual(good);
    expect(recordedHeader({ input_header: JSON.stringify({ ...good, decoded: 'yes' }) })).toEqual(good);
    for (const bad of [{ ...good, format: 'bmp' }, { ...good, pixels: 0 }, { ...good, width: -3 }, { ...good, height: '2' }, { ...good, pixels: Infinity }]) {
      expect(recordedHeader({ input_header: JSON.stringify(bad) }), JSON.stringify(bad)).toBeUndefined();
    }
    expect(recordedHeader({ input_header: '{not json' })).toBeUndefined();
  });
});
