// User file names are display text only: never used as paths, cleaned of anything that could confuse a
// file system, a terminal or a reader (path parts, control and bidi characters), and bounded in length.
const MAX_NAME_LENGTH = 200;
// C0/C1 controls, and Unicode bidi overrides/isolates that can disguise an extension (e.g. "gpj.exe" shown reversed).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Characters Windows forbids in names; a ZIP entry with them cannot be extracted there.
const WINDOWS_FORBIDDEN = /[<>:"|?*]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

export function sanitizeFilename(raw: string | undefined, fallbackExtension: string): string {
  let name = (raw ?? '').replace(UNSAFE_CHARS, '');
  name = (name.split(/[/\\]/).pop() ?? '').replace(WINDOWS_FORBIDDEN, '_');
  name = name.replace(/^[.\s]+/, '').trim();
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || `image${fallbackExtension}`;
}

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
