// The ISO base media box walker and the HEIF item probe built on it, on hand-made boxes: 32- and 64-bit sizes, a box
// "to the end", damaged and truncated headers, boxes running past their parent. The probe decides whether an AVIF may
// be passed on as it is, so a miscounted item or a misread infe version would leak EXIF or XMP.
import { describe, expect, it } from 'vitest';
import { concatBytes, latin1 } from '#codec-core/container/bytes';
import { heifCarriesMetadata, isMetadataItem, XMP_CONTENT_TYPE } from '#codec-core/container/heif-items';
import { findBox, isoBoxes, wholeBoxes, type IsoBox } from '#codec-core/container/iso-boxes';

const bytes = (...values: number[]) => Uint8Array.from(values);
const u32 = (n: number) => bytes(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const u64 = (n: bigint) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
};
/** A box with its size as declared, which need not be the bytes that follow. */
const sized = (size: number, type: string, ...parts: Uint8Array[]) => concatBytes([u32(size), latin1(type), ...parts]);
const box = (type: string, ...parts: Uint8Array[]) => sized(8 + concatBytes(parts).length, type, ...parts);
/** A box with a 64-bit size (size field 1, then the large size). */
const large = (size: bigint, type: string, ...parts: Uint8Array[]) => concatBytes([u32(1), latin1(type), u64(size), ...parts]);
const all = (data: Uint8Array, from?: number, to?: number) => [...isoBoxes(data, from, to)];
const at = (type: string, offset: number, header: number, end: number): IsoBox => ({ type, at: offset, start: offset + header, end });

describe('isoBoxes', () => {
  it('walks boxes one after another, an empty 8-byte box last', () => {
    const data = concatBytes([box('ftyp', latin1('avif')), box('free')]);
    expect(all(data)).toEqual([at('ftyp', 0, 8, 12), at('free', 12, 8, 20)]);
  });

  it('walks a parent’s payload given its range', () => {
    const meta = box('meta', new Uint8Array(4), box('hdlr', bytes(1, 2)), box('iinf'));
    const data = concatBytes([box('ftyp', latin1('avif')), meta]);
    // meta sits at 12; its children start after its 8-byte header and 4 bytes of version and flags.
    expect(all(data, 24, data.length)).toEqual([at('hdlr', 24, 8, 34), at('iinf', 34, 8, 42)]);
    // `to` ends the walk even when bytes follow.
    expect(all(data, 24, 40)).toEqual([at('hdlr', 24, 8, 34)]);
  });

  it('reports a box running past the bytes with its declared end, and stops after it', () => {
    expect(all(concatBytes([sized(100, 'mdat', bytes(1, 2, 3, 4)), box('free')]))).toEqual([at('mdat', 0, 8, 100)]);
  });

  it('stops at a header cut short or a size below the header’s own', () => {
    expect(all(concatBytes([box('free'), bytes(0, 0, 0, 8, 0x66, 0x72, 0x65)]))).toEqual([at('free', 0, 8, 8)]);
    expect(all(concatBytes([box('free'), sized(4, 'bad '), box('free')]))).toEqual([at('free', 0, 8, 8)]);
  });

  it('reads size 0 as “to the end” of the range walked', () => {
    const data = concatBytes([box('ftyp', latin1('avif')), sized(0, 'mdat', bytes(1, 2, 3, 4, 5))]);
    expect(all(data)).toEqual([at('ftyp', 0, 8, 12), at('mdat', 12, 8, 25)]);
    expect(all(data, 0, 22)).toEqual([at('ftyp', 0, 8, 12), at('mdat', 12, 8, 22)]);
  });

  it('reads a 64-bit size: a 16-byte header, then the next box', () => {
    const data = concatBytes([large(24n, 'mdat', bytes(1, 2, 3, 4, 5, 6, 7, 8)), box('free')]);
    expect(all(data)).toEqual([at('mdat', 0, 16, 24), at('free', 24, 8, 32)]);
    expect(all(large(16n, 'mdat'))).toEqual([at('mdat', 0, 16, 16)]);
    expect(all(concatBytes([box('free'), large(16n, 'skip'), box('free')]))).toEqual([at('free', 0, 8, 8), at('skip', 8, 16, 24), at('free', 24, 8, 32)]);
  });

  it('stops at a 64-bit size cut short, below 16, or beyond what a number holds exactly', () => {
    expect(all(concatBytes([u32(1), latin1('mdat'), bytes(0, 0, 0, 0)]))).toEqual([]);
    expect(all(large(8n, 'mdat', new Uint8Array(8)))).toEqual([]);
    expect(all(large(BigInt(Number.MAX_SAFE_INTEGER) + 1n, 'mdat'))).toEqual([]);
    expect(all(large(BigInt(Number.MAX_SAFE_INTEGER), 'mdat'))).toEqual([at('mdat', 0, 16, Number.MAX_SAFE_INTEGER)]);
  });
});

describe('findBox and wholeBoxes', () => {
  const data = concatBytes([box('ftyp', latin1('avif')), box('free'), box('meta', new Uint8Array(4)), box('free', bytes(9))]);

  it('findBox gives the first box of a type within the range, or undefined', () => {
    expect(findBox(data, 'free')).toEqual(at('free', 12, 8, 20));
    expect(findBox(data, 'free', 20)).toEqual(at('free', 32, 8, 41));
    // A box whose header lies in the range is found with its declared end, even past `to`; one whose header does not, is not.
    expect(findBox(data, 'meta', 0, 30)).toEqual(at('meta', 20, 8, 32));
    expect(findBox(data, 'meta', 0, 27)).toBeUndefined();
    expect(findBox(data, 'mdat')).toBeUndefined();
  });

  it('wholeBoxes gives the boxes filling the range exactly', () => {
    expect(wholeBoxes(data)).toEqual([at('ftyp', 0, 8, 12), at('free', 12, 8, 20), at('meta', 20, 8, 32), at('free', 32, 8, 41)]);
    expect(wholeBoxes(data, 12, 32)).toEqual([at('free', 12, 8, 20), at('meta', 20, 8, 32)]);
    expect(wholeBoxes(data, 12, 12)).toEqual([]);
    expect(wholeBoxes(concatBytes([box('free'), sized(0, 'mdat', bytes(1))]))).toEqual([at('free', 0, 8, 8), at('mdat', 8, 8, 17)]);
  });

  it('wholeBoxes is null when a box runs past the range, bytes are left over or a header is damaged', () => {
    expect(wholeBoxes(data, 0, 30)).toBeNull();
    expect(wholeBoxes(concatBytes([data, bytes(0, 0, 0)]))).toBeNull();
    expect(wholeBoxes(concatBytes([box('free'), sized(4, 'bad '), box('free')]))).toBeNull();
  });
});

const fullBox = (type: string, version: number, ...parts: Uint8Array[]) => box(type, bytes(version, 0, 0, 0), ...parts);
/** infe version 2: 16-bit item ID, protection index, item type, then the item name (and a MIME item's content type). */
const infe2 = (id: number, type: string, ...rest: Uint8Array[]) => fullBox('infe', 2, bytes(0, id, 0, 0), latin1(type), ...rest);
/** infe version 3: the same with a 32-bit item ID. */
const infe3 = (id: number, type: string, ...rest: Uint8Array[]) => fullBox('infe', 3, u32(id), bytes(0, 0), latin1(type), ...rest);
const iinf = (items: Uint8Array[], count = items.length) => fullBox('iinf', 0, bytes(count >> 8, count & 0xff), ...items);
const FTYP = box('ftyp', latin1('avif'), u32(0), latin1('mif1'));
const HDLR = box('hdlr', new Uint8Array(24));
const heif = (...metaChildren: Uint8Array[]) => concatBytes([FTYP, fullBox('meta', 0, HDLR, ...metaChildren)]);

describe('heifCarriesMetadata', () => {
  it('names EXIF items and XMP as a MIME item, and nothing else', () => {
    expect(isMetadataItem('Exif')).toBe(true);
    expect(isMetadataItem('mime', XMP_CONTENT_TYPE)).toBe(true);
    expect(isMetadataItem('mime', 'image/jpeg')).toBe(false);
    expect(isMetadataItem('mime')).toBe(false);
    expect(isMetadataItem('uri ', XMP_CONTENT_TYPE)).toBe(false);
  });

  it('reads version 3 infe boxes, whose item ID has 32 bits', () => {
    expect(heifCarriesMetadata(heif(iinf([infe3(1, 'av01', bytes(0)), infe3(2, 'Exif', bytes(0))])))).toBe(true);
    expect(heifCarriesMetadata(heif(iinf([infe3(1, 'av01', bytes(0))])))).toBe(false);
  });

  it('reads an item type that ends its infe box, with no name after it', () => {
    expect(heifCarriesMetadata(heif(iinf([infe2(1, 'Exif')])))).toBe(true);
  });

  it('takes no type from an infe of version 0 or 1, even when its name spells one', () => {
    const old = fullBox('infe', 1, bytes(0, 1, 0, 0), latin1('abExif\0\0\0'));
    expect(heifCarriesMetadata(heif(iinf([old])))).toBe(false);
  });

  it('needs an infe’s type within its own bytes, and a content type NUL-terminated within them', () => {
    // The type would lie past the infe (and the iinf): the bytes after them spell "Exif" but are not its type.
    const cut = fullBox('infe', 2, bytes(0, 1, 0, 0));
    expect(heifCarriesMetadata(heif(iinf([cut]), latin1('Exif'), new Uint8Array(4)))).toBe(false);
    // The content type's NUL would be the next box's first byte.
    const unterminated = infe2(1, 'mime', latin1(`\0${XMP_CONTENT_TYPE}`));
    expect(heifCarriesMetadata(heif(iinf([unterminated, infe2(2, 'av01', bytes(0))])))).toBe(false);
  });

  it('counts only infe boxes, and skips others inside iinf', () => {
    // A box shaped like an infe with type Exif, but not named infe.
    const other = box('free', bytes(2, 0, 0, 0, 0, 1, 0, 0), latin1('Exif'), bytes(0));
    expect(heifCarriesMetadata(heif(iinf([other, infe2(1, 'av01', bytes(0))], 1)))).toBe(false);
  });

  it('reads the 32-bit entry count of iinf version 1', () => {
    const iinf1 = (items: Uint8Array[]) => fullBox('iinf', 1, u32(items.length), ...items);
    expect(heifCarriesMetadata(heif(iinf1([infe2(1, 'av01', bytes(0))])))).toBe(false);
    expect(heifCarriesMetadata(heif(iinf1([infe2(1, 'av01', bytes(0)), infe2(2, 'Exif', bytes(0))])))).toBe(true);
  });

  it('is false for no items: no iinf, or an iinf counting none', () => {
    expect(heifCarriesMetadata(heif())).toBe(false);
    expect(heifCarriesMetadata(heif(iinf([])))).toBe(false);
  });

  it('is null when the item list cannot be walked', () => {
    // No meta box at all.
    expect(heifCarriesMetadata(FTYP)).toBeNull();
    // Fewer infe boxes than the count says.
    expect(heifCarriesMetadata(heif(iinf([infe2(1, 'av01', bytes(0))], 2)))).toBeNull();
    // An iinf too short for its entry count (a zero-filled box follows, which must not be read as the count).
    expect(heifCarriesMetadata(heif(fullBox('iinf', 0), box('free', new Uint8Array(4))))).toBeNull();
    // An infe running past its iinf, though the bytes are there.
    const item = infe2(1, 'av01', bytes(0));
    const shortIinf = concatBytes([sized(8 + 4 + 2 + item.length - 4, 'iinf', bytes(0, 0, 0, 0, 0, 1)), item]);
    expect(heifCarriesMetadata(heif(shortIinf))).toBeNull();
    // An iinf running past its meta, though the bytes are there.
    const list = iinf([infe2(1, 'av01', bytes(0)), infe2(2, 'Exif', bytes(0))]);
    const metaSize = 8 + 4 + HDLR.length + 12;
    expect(heifCarriesMetadata(concatBytes([FTYP, sized(metaSize, 'meta', new Uint8Array(4), HDLR, list)]))).toBeNull();
  });
});
