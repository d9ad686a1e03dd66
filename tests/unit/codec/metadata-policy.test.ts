// Metadata policies: `keep` keeps EXIF, XMP, IPTC and the colour profile but no location; `keep-all` keeps the
// location too; `strip` is the default of before. In every policy the picture stays upright.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ImageFormat } from '#server/codec/index';
import { compress } from './unhurried';
import { editExif } from '#server/codec/metadata/exif-edit';
import { keepOriginalWith } from '#server/codec/metadata/keep-original';
import { keepsProfile, type UploadMetadata } from '#server/codec/metadata/metadata-policy';
import { editXmp } from '#server/codec/metadata/xmp-edit';
import { readCorpus } from './corpus';
import { GPS_IFD_TAG, ORIENTATION_TAG, ifd0Tags } from '../../support/exif-tags';

const EXIF = {
  IFD0: { Copyright: 'ACME Photo Ltd', Make: 'TestCam' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 3230/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 4366/100', GPSMapDatum: 'SECRET-DATUM' },
};

/** Location both as an attribute and as an element, a rights statement, and an orientation that is stale once upright. */
const XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""' +
  ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"' +
  ' exif:GPSLatitude="51,30.5383N" tiff:Orientation="6"><exif:GPSLongitude>0,7.7277W</exif:GPSLongitude>' +
  '<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">ACME Photo Ltd</rdf:li></rdf:Alt></dc:rights>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta>' + ' '.repeat(2000) + '<?xpacket end="w"?>';

/** A 256×171 photo stored sideways (orientation 6: shown 171×256) with GPS in EXIF and XMP. */
const located = (quality = 90) =>
  sharp(readCorpus('photos/kodim03.png')).resize(256).jpeg({ quality }).withExif(EXIF).withXmp(XMP).withMetadata({ orientation: 6 }).toBuffer();

const uprightPixels = async (image: Buffer) => (await sharp(image, { autoOrient: true }).ensureAlpha().raw().toBuffer()).toString('base64');
const FORMATS: ImageFormat[] = ['jpeg', 'png', 'webp', 'avif'];

describe('metadata: keep', () => {
  it.each(FORMATS)('keeps EXIF and XMP without any location, upright, as %s', async (format) => {
    const input = await located();
    const result = await compress(input, { quality: 80, format, metadata: 'keep', formatRequired: true });
    expect(result.keptOriginal).toBe(false);
    expect([result.output.width, result.output.height]).toEqual([171, 256]);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([171, 256, 1]);
    const tags = ifd0Tags(meta.exif!);
    expect(tags.has(GPS_IFD_TAG)).toBe(false);
    const text = result.data.toString('latin1');
    expect(text).toContain('ACME Photo Ltd');
    expect(text).toContain('TestCam');
    expect(text).not.toContain('SECRET-DATUM');
    const xmp = meta.xmp!.toString('utf8');
    expect(xmp).toContain('ACME Photo Ltd');
    expect(xmp).not.toMatch(/GPS/);
    expect(xmp).toContain('tiff:Orientation="1"');
    // The packet's editing padding is not carried along.
    expect(xmp.length).toBeLessThan(XMP.length - 1500);
  });

  it('keeps a phone photo\'s camera data and maker note but not its GPS or its stale thumbnail', async () => {
    const input = readCorpus('photos/lepton-iphone.jpg');
    const before = await sharp(input).metadata();
    expect(ifd0Tags(before.exif!).has(GPS_IFD_TAG)).toBe(true);
    const result = await compress(input, { quality: 80, maxWidth: 320, metadata: 'keep' });
    const exif = (await sharp(result.data).metadata()).exif!;
    expect(ifd0Tags(exif).has(GPS_IFD_TAG)).toBe(false);
    expect(exif.toString('latin1')).toContain('iPhone 5');
    expect(exif.toString('latin1')).toContain('Apple iOS'); // the maker note
    // The 14 KB thumbnail is gone, and with it the tail of the block.
    expect(exif.length).toBeLessThan(before.exif!.length - 14_000);
  });

  it('keeps the ICC profile, the IPTC record and the EXIF copyright of a grey photo', async () => {
    const input = readCorpus('photos/sharp-concert-grey-icc.jpg');
    const before = await sharp(input).metadata();
    const kept = await sharp((await compress(input, { quality: 80, metadata: 'keep' })).data).metadata();
    expect(kept.icc!.equals(before.icc!)).toBe(true);
    expect(kept.iptc!.toString('latin1')).toContain('Marsel Minga');
    expect(kept.exif!.toString('latin1')).toContain('Marsel Minga');
    const stripped = await sharp((await compress(input, { quality: 80 })).data).metadata();
    expect([stripped.icc, stripped.iptc, stripped.exif]).toEqual([undefined, undefined, undefined]);
  });

  it('keeps a wide-gamut profile with the pixels in its own colour space', async () => {
    // Display P3: its values read as sRGB are visibly different colours, so a profile kept with converted
    // pixels (or the reverse) would show.
    const input = await sharp(readCorpus('png/jxl-p3-color-ring-icc.png')).resize(320).png().keepIccProfile().toBuffer();
    const shown = await sharp(input).removeAlpha().raw().toBuffer();
    const asIfSrgb = await sharp(input).keepIccProfile().removeAlpha().raw().toBuffer();
    expect(meanDifference(shown, asIfSrgb)).toBeGreaterThan(3);
    for (const format of ['webp', 'png', 'avif'] as const) {
      const result = await compress(input, { quality: 90, format, metadata: 'keep', formatRequired: true });
      const meta = await sharp(result.data).metadata();
      expect(meta.icc!.equals((await sharp(input).metadata()).icc!)).toBe(true);
      expect(meanDifference(await sharp(result.data).removeAlpha().raw().toBuffer(), shown)).toBeLessThan(2);
    }
  });

  it('passes on a JPEG that cannot shrink with its pixels and orientation, without its location', async () => {
    const input = await located(40);
    const result = await compress(input, { quality: 95, metadata: 'keep' });
    expect(result.keptOriginal).toBe(true);
    expect(result.chosenQuality).toBeNull();
    const meta = await sharp(result.data).metadata();
    expect(meta.orientation).toBe(6);
    expect(ifd0Tags(meta.exif!).get(ORIENTATION_TAG)).toBe(6);
    expect(ifd0Tags(meta.exif!).has(GPS_IFD_TAG)).toBe(false);
    const text = result.data.toString('latin1');
    expect(text).toContain('ACME Photo Ltd');
    expect(text).not.toMatch(/SECRET-DATUM|GPSLatitude|GPSLongitude/);
    expect(await uprightPixels(result.data)).toBe(await uprightPixels(input));
  });

  it('passes on a WebP that cannot shrink without its location', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png')).resize(256).webp({ quality: 30 }).withExif(EXIF).toBuffer();
    const result = await compress(input, { quality: 100, metadata: 'keep' });
    expect(result.keptOriginal).toBe(true);
    const text = result.data.toString('latin1');
    expect(text).toContain('ACME Photo Ltd');
    expect(text).not.toContain('SECRET-DATUM');
    expect(await uprightPixels(result.data)).toBe(await uprightPixels(input));
  });

  it('passes on an AVIF that cannot shrink without its location (its items rewritten)', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png')).resize(128).avif({ quality: 30 }).withExif(EXIF).toBuffer();
    const result = await compress(input, { quality: 100, metadata: 'keep' });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.toString('latin1')).not.toContain('SECRET-DATUM');
    expect(result.data.toString('latin1')).toContain('ACME Photo Ltd');
    expect(await uprightPixels(result.data)).toBe(await uprightPixels(input));
  });
});

describe('metadata: keep-all', () => {
  it.each(FORMATS)('keeps the location too, upright, as %s', async (format) => {
    const result = await compress(await located(), { quality: 80, format, metadata: 'keep-all', formatRequired: true });
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([171, 256, 1]);
    expect(ifd0Tags(meta.exif!).has(GPS_IFD_TAG)).toBe(true);
    expect(result.data.toString('latin1')).toContain('SECRET-DATUM');
    expect(meta.xmp!.toString('utf8')).toMatch(/exif:GPSLatitude="51,30.5383N"/);
    expect(meta.xmp!.toString('utf8')).toContain('tiff:Orientation="1"');
  });

  it('passes on the upload as it is when it cannot shrink', async () => {
    const input = await located(40);
    const result = await compress(input, { quality: 95, metadata: 'keep-all' });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.equals(input)).toBe(true);
  });
});

describe('metadata: strip (the default)', () => {
  it('writes no EXIF, XMP or location in any format', async () => {
    for (const format of FORMATS) {
      const result = await compress(await located(), { quality: 80, format, formatRequired: true });
      const meta = await sharp(result.data).metadata();
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
      expect(result.data.toString('latin1')).not.toMatch(/SECRET-DATUM|ACME/);
    }
  });

  it('passes on a WebP that re-encoding cannot shrink without its metadata, upright and in its own colours', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png')).resize(256).webp({ quality: 30 })
      .withIccProfile('p3').withExif(EXIF).withXmp(XMP).withMetadata({ orientation: 6 }).toBuffer();
    const result = await compress(input, { quality: 100 });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.length).toBeLessThan(input.length);
    expect(result.data.toString('latin1')).not.toMatch(/SECRET-DATUM|ACME|GPS/);
    const meta = await sharp(result.data).metadata();
    expect([meta.xmp, meta.iptc, meta.orientation]).toEqual([undefined, undefined, 6]);
    expect(meta.icc!.equals((await sharp(input).metadata()).icc!)).toBe(true);
    expect(await uprightPixels(result.data)).toBe(await uprightPixels(input));
  });
});

describe('metadata editors', () => {
  it('drops an XMP packet whose location it cannot take out', () => {
    const caption = XMP.replace('ACME Photo Ltd', 'Taken near the GPS mast');
    expect(editXmp(caption, { removeGps: true })).toBeNull();
    expect(editXmp(caption, { removeGps: false })).toContain('GPS mast');
    expect(editXmp(XMP, { removeGps: true })).not.toBeNull();
  });

  it('refuses EXIF it cannot walk', () => {
    expect(editExif(Buffer.from('Exif\0\0MM\0*\0\0\xff\xff', 'latin1'), { removeGps: true })).toBeNull();
    expect(editExif(Buffer.from('not exif at all'), { removeGps: true })).toBeNull();
  });
});

describe('keepsProfile', () => {
  /** An ICC header (128 bytes) naming its data colour space; keepsProfile reads no further. */
  const profile = (space: string) => {
    const icc = Buffer.alloc(128);
    icc.write(space, 16, 'latin1');
    return icc;
  };
  const grey: UploadMetadata = { icc: profile('GRAY'), space: 'b-w', hasAlpha: false };

  it('keeps a grey profile on grey pixels written as JPEG or PNG only (WebP and AVIF write grey as RGB)', () => {
    expect(FORMATS.map((format) => keepsProfile(grey, 'keep', 'quality', format))).toEqual([true, true, false, false]);
    expect(keepsProfile({ ...grey, hasAlpha: true }, 'keep', 'quality', 'png')).toBe(false);
    expect(keepsProfile({ ...grey, space: 'srgb' }, 'keep', 'quality', 'png')).toBe(false);
    expect(keepsProfile(grey, 'strip', 'quality', 'png')).toBe(false);
    expect(keepsProfile(grey, 'strip', 'lossless', 'png')).toBe(true);
  });

  it('never keeps a profile of another colour space (CMYK, Lab)', () => {
    for (const space of ['CMYK', 'Lab ']) {
      for (const meta of [{ icc: profile(space), space: 'cmyk' }, { icc: profile(space), space: 'srgb' }, { ...grey, icc: profile(space) }] as UploadMetadata[]) {
        expect(FORMATS.map((format) => keepsProfile(meta, 'keep-all', 'lossless', format))).toEqual([false, false, false, false]);
      }
    }
  });
});

describe('keepOriginalWith: an AVIF upload passed on', () => {
  const avif = () =>
    sharp(readCorpus('photos/kodim03.png')).resize(64).avif({ quality: 50 }).withExif(EXIF).withXmp(XMP).toBuffer();
  const metaOf = async (input: Buffer): Promise<UploadMetadata> => ({ ...(await sharp(input).metadata()), space: 'srgb', hasAlpha: false });

  it('under keep: without its location, with its rights, pixels untouched', async () => {
    const input = await avif();
    const kept = keepOriginalWith(input, 'avif', await metaOf(input), 'keep')!;
    const meta = await sharp(kept).metadata();
    expect(kept.toString('latin1')).not.toContain('SECRET-DATUM');
    expect(ifd0Tags(meta.exif!).has(GPS_IFD_TAG)).toBe(false);
    expect(meta.xmp!.toString('utf8')).not.toMatch(/GPSLatitude|GPSLongitude/);
    expect(meta.xmp!.toString('utf8')).toContain('ACME Photo Ltd');
    expect(await uprightPixels(kept)).toBe(await uprightPixels(input));
  });

  it('under strip: no EXIF or XMP left, not even as bytes; keep-all passes it as it is', async () => {
    const input = await avif();
    const stripped = keepOriginalWith(input, 'avif', await metaOf(input), 'strip')!;
    const meta = await sharp(stripped).metadata();
    expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
    expect(stripped.toString('latin1')).not.toMatch(/SECRET-DATUM|ACME Photo Ltd|GPSLatitude/);
    expect(stripped.length).toBeLessThanOrEqual(input.length);
    expect(await uprightPixels(stripped)).toBe(await uprightPixels(input));
    expect(keepOriginalWith(input, 'avif', await metaOf(input), 'keep-all')).toBe(input);
  });
});

function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
