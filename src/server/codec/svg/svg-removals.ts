// What the SVG sanitiser removed, by name, for the job's note (docs/decisions/0500-svg-allow-list-sanitiser.md):
// "Removed from the SVG: <script>, 2 onclick attributes, CSS @import". A silent change is a defect, so everything
// removed is named, except editors' private data, which never renders (svg-allow-list.ts, EDITOR_NAMESPACES).

/** How many distinct names the note lists before "and N more": a hostile file may hold thousands. */
const LISTED_NAMES = 8;

/** Names as the upload spelled them, trimmed to something printable and short. */
const printable = (name: string) => name.replace(/[^\w:.@()#-]/g, '').slice(0, 40) || '?';

export class SvgRemovals {
  private readonly counts = new Map<string, { kind: 'element' | 'attribute' | 'css'; count: number }>();

  element(qualifiedName: string): void {
    this.add(`<${printable(qualifiedName)}>`, 'element');
  }

  attribute(qualifiedName: string): void {
    this.add(printable(qualifiedName), 'attribute');
  }

  /** A CSS feature: "@import", "url() to another file", "property behavior". */
  css(feature: string): void {
    this.add(feature, 'css');
  }

  get empty(): boolean {
    return this.counts.size === 0;
  }

  /** Each name with its count, in the order first met: ["<script>", "2 onclick attributes", "CSS @import"]. */
  items(): string[] {
    const items = [...this.counts].map(([name, { kind, count }]) => {
      if (kind === 'attribute') return `${count} ${name} attribute${count > 1 ? 's' : ''}`;
      if (kind === 'element') return count > 1 ? `${count} ${name} elements` : name;
      return count > 1 ? `${count} × CSS ${name}` : `CSS ${name}`;
    });
    if (items.length <= LISTED_NAMES) return items;
    return [...items.slice(0, LISTED_NAMES), `and ${items.length - LISTED_NAMES} more`];
  }

  private add(name: string, kind: 'element' | 'attribute' | 'css'): void {
    const entry = this.counts.get(name);
    if (entry) entry.count += 1;
    else this.counts.set(name, { kind, count: 1 });
  }
}

/** The job's note for what was removed (the items, comma-separated, as the job records them), or null when nothing was. */
export function svgRemovalNote(removed: string | null | undefined): string | null {
  return removed ? `Removed from the SVG: ${removed}` : null;
}
