// User file names are display text only: never used as paths, cleaned of anything that could confuse a
// file system, a terminal or a reader (path parts, control and bidi characters), and bounded in length.
const MAX_NAME_LENGTH = 200;
// C0/C1 controls, and Unicode bidi overrides/isolates that can disguise an extension (e.g. "gpj.exe" shown reversed).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Characters Windows forbids in names, replaced at upload; `"` is kept in the name people see (downloads carry it
// in Content-Disposition's filename*) and replaced only in ZIP entry names, where Windows could not extract it.
const WINDOWS_FORBIDDEN = /[<>:|?*]/g;
const ZIP_ENTRY_FORBIDDEN = /"/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

// Half of a surrogate pair on its own: not text (databases store it as garbage, URI encoding throws on it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function sanitizeFilename(raw: string | undefined, fallbackExtension: string): string {
  let name = (raw ?? '').replace(UNSAFE_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
  name = (name.split(/[/\\]/).pop() ?? '').replace(WINDOWS_FORBIDDEN, '_');
  name = name.replace(/^[.\s]+/, '').trim();
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = cutAtCharacterBoundary(name.slice(0, name.length - ext.length), MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || `image${fallbackExtension}`;
}

/**
 * The longest start of `text` within `maxUnits` UTF-16 units that ends between two user-perceived characters
 * (grapheme clusters): never half of a surrogate pair (stored as garbage, read back as U+FFFD), half of an emoji
 * ZWJ sequence, a flag, or a letter without its combining accent.
 */
export function cutAtCharacterBoundary(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (out.length + segment.length > maxUnits) break;
    out += segment;
  }
  return out;
}

/**
 * Browsers send a file name in multipart/form-data with `"`, CR and LF escaped as %22, %0D and %0A (HTML's form
 * encoding; nothing else is escaped, not even `%`). Undone here so `"a".jpg` is stored as `"a".jpg`, not
 * `%22a%22.jpg`. (A name that really contains "%22" is indistinguishable and is read as a quote, as browsers do.)
 */
export function decodeFormFilename(raw: string | undefined): string | undefined {
  return raw?.replace(/%(22|0d|0a)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A stored name as a ZIP entry name that every desktop can extract. */
export const zipEntryName = (name: string): string => name.replace(ZIP_ENTRY_FORBIDDEN, '_');

/** Unique names inside one ZIP: "a.jpg", "a (2).jpg", "a (3).jpg"; compared case-insensitively. */
export function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
