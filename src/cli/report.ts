// The summary table printed at the end of a run: one row per file, then the totals.
export interface Outcome {
  file: string;
  status: 'done' | 'skipped' | 'failed';
  before: number;
  after: number | null;
  message?: string;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

const saving = (before: number, after: number) => (before > 0 ? `${(((before - after) / before) * 100).toFixed(1)}%` : '0.0%');

export function summaryTable(outcomes: Outcome[]): string {
  const rows = [...outcomes]
    .sort((a, b) => a.file.localeCompare(b.file))
    .map((o) => [o.file, o.status, formatBytes(o.before), o.after === null ? '-' : formatBytes(o.after), o.after === null ? (o.message ?? '') : saving(o.before, o.after)]);
  const done = outcomes.filter((o) => o.status === 'done');
  const before = done.reduce((s, o) => s + o.before, 0);
  const after = done.reduce((s, o) => s + (o.after ?? 0), 0);
  const counts = (['done', 'skipped', 'failed'] as const).map((s) => `${outcomes.filter((o) => o.status === s).length} ${s}`).join(', ');
  rows.push([`Total (${counts})`, '', formatBytes(before), formatBytes(after), saving(before, after)]);
  const header = ['File', 'Status', 'Before', 'After', 'Saving'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(0, -1).map(line), widths.map((w) => '-'.repeat(w)).join('  '), line(rows.at(-1)!)].join('\n') + '\n';
}
