// Edits an XMP packet (RDF/XML text) for the `keep` and `keep-all` metadata policies: location properties removed,
// the orientation set to what the written pixels need, the packet's padding dropped.
//
// XMP carries GPS too (exif:GPSLatitude, exif:GPSLongitude, ... and vendors' own, such as drone-dji:GpsLatitude),
// as elements or as attributes of rdf:Description, under any namespace prefix. Every property whose local name
// mentions GPS, latitude, longitude or altitude is removed, whole element or whole attribute, so the XML stays
// well formed. This is text surgery, not an XML parser: afterwards the packet is checked again, and when any
// "gps", "latitude" or "longitude" is still in it (in a form the patterns did not take, a comment, a caption that
// mentions GPS) the whole packet is dropped. Privacy outranks keeping a caption.

const LOCATION_NAME = '[\\w.-]*(?:gps|latitude|longitude|altitude)[\\w.-]*';
/** `<prefix:GPSLatitude ...>...</prefix:GPSLatitude>` or `<prefix:GPSLatitude .../>`. */
const LOCATION_ELEMENT = new RegExp(`<([\\w.-]+:${LOCATION_NAME})(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</\\1\\s*>)`, 'gi');
/** ` prefix:GPSLatitude="..."` inside a start tag. */
const LOCATION_ATTRIBUTE = new RegExp(`\\s[\\w.-]+:${LOCATION_NAME}\\s*=\\s*(?:"[^"]*"|'[^']*')`, 'gi');
const LOCATION_LEFT = /gps|latitude|longitude/i;

const ORIENTATION_ATTRIBUTE = /(\s[\w.-]+:Orientation\s*=\s*["'])\s*\d+\s*(["'])/g;
const ORIENTATION_ELEMENT = /(<([\w.-]+:Orientation)(?:\s[^>]*)?>)\s*\d+\s*(<\/\2\s*>)/g;

/** The whitespace a packet reserves for editing in place, before its closing processing instruction. */
const PADDING = /\s+(<\?xpacket\s+end=)/;

export interface XmpEdit {
  removeGps: boolean;
  /** Orientation to write where the packet has one; absent: left as it is. */
  orientation?: number;
}

/** True when the packet may hold a location (the same test that decides whether an edited packet is kept). */
export const xmpMentionsLocation = (xmp: string): boolean => LOCATION_LEFT.test(xmp);

/** The edited packet, or null when location data could not be removed safely (then no XMP is written). */
export function editXmp(xmp: string, edit: XmpEdit): string | null {
  let out = xmp.replace(PADDING, '\n$1');
  if (edit.removeGps) {
    out = out.replace(LOCATION_ELEMENT, '').replace(LOCATION_ATTRIBUTE, '');
    if (LOCATION_LEFT.test(out)) return null;
  }
  if (edit.orientation !== undefined) {
    out = out.replace(ORIENTATION_ATTRIBUTE, `$1${edit.orientation}$2`).replace(ORIENTATION_ELEMENT, `$1${edit.orientation}$3`);
  }
  return out;
}
