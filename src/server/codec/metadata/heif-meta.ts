// A HEIF/AVIF file's `meta` box as items, locations, references and properties, read and written back with the file's
// offsets kept true (see heif-boxes.ts). What it does not understand (old `infe` versions, items built from other
// items) it refuses with null rather than guess: the callers then keep to what they did before.
import { Cursor, box, cstring, fullBox, u16, u32, u8, walkBoxes, type Box } from './heif-boxes';

export interface HeifItem {
  id: number;
  type: string;
  /** `mime` items' content type, e.g. application/rdf+xml for XMP. */
  contentType?: string;
  /** The item's `infe` box as found (or as made for a new item). */
  infe: Buffer;
}

export interface Extent {
  /** Absolute in the file (construction method 0) or within `idat` (1). */
  offset: number;
  length: number;
}

export interface ItemLocation {
  id: number;
  constructionMethod: number;
  dataReference: number;
  extents: Extent[];
}

export interface Association {
  id: number;
  properties: { essential: boolean; index: number }[];
}

export interface HeifMeta {
  /** The file's boxes and the `meta` among them. */
  top: Box[];
  meta: Box;
  handler: Buffer;
  primary: number;
  items: HeifItem[];
  locations: ItemLocation[];
  references: { type: string; from: number; to: number[] }[];
  /** `ipco`'s property boxes, in order: associations index them from 1. */
  properties: Buffer[];
  associations: Association[];
  /** `meta` children this module does not model (`dinf`, `idat`, `grpl`, ...), written back as they were. */
  other: Buffer[];
}

/** The meta box of a HEIF/AVIF file, or null when the file cannot be walked or uses what this module does not model. */
export function readHeifMeta(file: Buffer): HeifMeta | null {
  const top = walkBoxes(file);
  const meta = top?.find((b) => b.type === 'meta');
  if (!top || top[0]?.type !== 'ftyp' || !meta) return null;
  try {
    const children = walkBoxes(file, meta.start + 4, meta.end);
    if (!children) return null;
    const model: HeifMeta = { top, meta, handler: Buffer.alloc(0), primary: 0, items: [], locations: [], references: [], properties: [], associations: [], other: [] };
    for (const child of children) {
      const c = new Cursor(file, child.start, child.end);
      const raw = file.subarray(child.at, child.end);
      if (child.type === 'hdlr') model.handler = raw;
      else if (child.type === 'pitm') model.primary = readPrimaryItem(file, child);
      else if (child.type === 'iloc') model.locations = readLocations(c);
      else if (child.type === 'iinf') model.items = readItems(file, c);
      else if (child.type === 'iref') model.references = readReferences(file, c);
      else if (child.type === 'iprp') readProperties(file, child, model);
      else model.other.push(raw);
    }
    return model.handler.length > 0 && model.primary > 0 ? model : null;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function readLocations(c: Cursor): ItemLocation[] {
  const { version } = c.versionFlags();
  const sizes = c.u16();
  const [offsetSize, lengthSize, baseSize, indexSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15, sizes & 15];
  const count = version < 2 ? c.u16() : c.u32();
  const locations: ItemLocation[] = [];
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? c.u16() : c.u32();
    const constructionMethod = version === 0 ? 0 : c.u16() & 15;
    const dataReference = c.u16();
    const base = c.uint(baseSize);
    const extents: Extent[] = [];
    for (let n = c.u16(); n > 0; n--) {
      if (version > 0 && indexSize > 0) c.uint(indexSize);
      extents.push({ offset: base + c.uint(offsetSize), length: c.uint(lengthSize) });
    }
    // Method 2 builds an item from other items' extents: nothing we write produces it, so we do not model it.
    if (constructionMethod > 1) throw new RangeError('item construction method 2');
    locations.push({ id, constructionMethod, dataReference, extents });
  }
  return locations;
}

function readItems(file: Buffer, c: Cursor): HeifItem[] {
  const { version } = c.versionFlags();
  const count = version === 0 ? c.u16() : c.u32();
  const boxes = walkBoxes(file, c.pos, c.end);
  if (!boxes || boxes.length !== count) throw new RangeError('iinf count');
  return boxes.map((infe) => {
    const e = new Cursor(file, infe.start, infe.end);
    const v = e.versionFlags().version;
    if (infe.type !== 'infe' || v < 2) throw new RangeError('infe version');
    const id = v === 2 ? e.u16() : e.u32();
    e.u16(); // protection index
    const type = e.fourcc();
    e.cstring(); // name
    const contentType = type === 'mime' ? e.cstring() : undefined;
    return { id, type, contentType, infe: file.subarray(infe.at, infe.end) };
  });
}

function readReferences(file: Buffer, c: Cursor): HeifMeta['references'] {
  const wide = c.versionFlags().version > 0;
  const id = (r: Cursor) => (wide ? r.u32() : r.u16());
  return (walkBoxes(file, c.pos, c.end) ?? []).map((ref) => {
    const r = new Cursor(file, ref.start, ref.end);
    const from = id(r);
    const to: number[] = [];
    for (let n = r.u16(); n > 0; n--) to.push(id(r));
    return { type: ref.type, from, to };
  });
}

function readProperties(file: Buffer, iprp: Box, model: HeifMeta): void {
  for (const child of walkBoxes(file, iprp.start, iprp.end) ?? []) {
    if (child.type === 'ipco') model.properties = (walkBoxes(file, child.start, child.end) ?? []).map((p) => file.subarray(p.at, p.end));
    if (child.type === 'ipma') model.associations.push(...readAssociations(file, child));
  }
}

/** The item `pitm` names (version 0 writes it in 16 bits, later versions in 32). Throws RangeError past the box. */
export function readPrimaryItem(file: Buffer, pitm: Box): number {
  const c = new Cursor(file, pitm.start, Math.min(pitm.end, file.length));
  return c.versionFlags().version === 0 ? c.u16() : c.u32();
}

/** Which `ipco` properties (1-based) each item has, from `ipma`. Throws RangeError past the box. */
export function readAssociations(file: Buffer, ipma: Box): Association[] {
  const c = new Cursor(file, ipma.start, Math.min(ipma.end, file.length));
  const { version, flags } = c.versionFlags();
  const associations: Association[] = [];
  for (let n = c.u32(); n > 0; n--) {
    const id = version < 1 ? c.u16() : c.u32();
    const properties: Association['properties'] = [];
    for (let k = c.u8(); k > 0; k--) {
      const value = flags & 1 ? c.u16() : c.u8();
      const top = flags & 1 ? 0x8000 : 0x80;
      properties.push({ essential: (value & top) !== 0, index: value & (top - 1) });
    }
    associations.push({ id, properties });
  }
  return associations;
}

/**
 * The file with `meta` rebuilt from the model and `appended` (new items' data) in an `mdat` at its end. Offsets that
 * pointed past the old `meta` move by the change in its size; new items' extents are given relative to `appended`.
 */
export function writeHeifMeta(file: Buffer, model: HeifMeta, appended: Buffer, newExtents: ReadonlySet<number>): Buffer {
  const build = (shift: number, appendAt: number) =>
    fullBox(
      'meta',
      0,
      0,
      model.handler,
      fullBox('pitm', model.primary > 0xffff ? 1 : 0, 0, model.primary > 0xffff ? u32(model.primary) : u16(model.primary)),
      writeLocations(model.locations, (loc, offset) => (newExtents.has(loc.id) ? appendAt + 8 + offset : loc.constructionMethod === 0 && loc.dataReference === 0 && offset >= model.meta.end ? offset + shift : offset)),
      writeItems(model.items),
      box('iprp', box('ipco', ...model.properties), writeAssociations(model.associations)),
      ...(model.references.length > 0 ? [writeReferences(model.references)] : []),
      ...model.other,
    );
  const before = file.subarray(0, model.meta.at);
  const after = file.subarray(model.meta.end);
  // The meta box's size depends on the offsets it holds only through their field width, which writeLocations fixes
  // from the values: two passes settle it.
  const first = build(0, 0);
  const shift = first.length - (model.meta.end - model.meta.at);
  const appendAt = before.length + first.length + after.length;
  let meta = build(shift, appendAt);
  if (meta.length !== first.length) meta = build(meta.length - (model.meta.end - model.meta.at), before.length + meta.length + after.length);
  return Buffer.concat([before, meta, after, ...(appended.length > 0 ? [box('mdat', appended)] : [])]);
}

function writeLocations(locations: ItemLocation[], place: (loc: ItemLocation, offset: number) => number): Buffer {
  const placed = locations.map((loc) => ({ ...loc, extents: loc.extents.map((e) => ({ offset: place(loc, e.offset), length: e.length })) }));
  const wideIds = placed.some((l) => l.id > 0xffff);
  const maxValue = Math.max(0, ...placed.flatMap((l) => l.extents.flatMap((e) => [e.offset, e.length])));
  const size = maxValue > 0xffffffff ? 8 : 4;
  const version = wideIds ? 2 : 1;
  const uint = (n: number) => {
    if (size === 4) return u32(n);
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(n), 0);
    return b;
  };
  const parts: Buffer[] = [u16((size << 12) | (size << 8)), version === 2 ? u32(placed.length) : u16(placed.length)];
  for (const loc of placed) {
    parts.push(wideIds ? u32(loc.id) : u16(loc.id), u16(loc.constructionMethod), u16(loc.dataReference), u16(loc.extents.length));
    for (const e of loc.extents) parts.push(uint(e.offset), uint(e.length));
  }
  return fullBox('iloc', version, 0, ...parts);
}

function writeItems(items: HeifItem[]): Buffer {
  return fullBox('iinf', items.length > 0xffff ? 1 : 0, 0, items.length > 0xffff ? u32(items.length) : u16(items.length), ...items.map((i) => i.infe));
}

/** A new item's `infe` (version 2: 16-bit ids; 3 beyond). */
export function itemInfo(id: number, type: string, contentType?: string): Buffer {
  const wide = id > 0xffff;
  return fullBox('infe', wide ? 3 : 2, 0, wide ? u32(id) : u16(id), u16(0), Buffer.from(type, 'latin1'), cstring(''), ...(contentType ? [cstring(contentType)] : []));
}

function writeAssociations(associations: Association[]): Buffer {
  const wideIds = associations.some((a) => a.id > 0xffff);
  const wideIndex = associations.some((a) => a.properties.some((p) => p.index > 0x7f));
  const parts: Buffer[] = [u32(associations.length)];
  for (const a of associations) {
    parts.push(wideIds ? u32(a.id) : u16(a.id), u8(a.properties.length));
    for (const p of a.properties) parts.push(wideIndex ? u16((p.essential ? 0x8000 : 0) | p.index) : u8((p.essential ? 0x80 : 0) | p.index));
  }
  return fullBox('ipma', wideIds ? 1 : 0, wideIndex ? 1 : 0, ...parts);
}

function writeReferences(references: HeifMeta['references']): Buffer {
  const wide = references.some((r) => r.from > 0xffff || r.to.some((t) => t > 0xffff));
  const id = wide ? u32 : u16;
  return fullBox('iref', wide ? 1 : 0, 0, ...references.map((r) => box(r.type, id(r.from), u16(r.to.length), ...r.to.map(id))));
}
