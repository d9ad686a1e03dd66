// A table of rows described by columns. The caption names it for screen readers; by default the first column's cells
// are row headers, so each value is read out with what it belongs to.
import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * Whether the table is wider than its frame (a reference table on a phone): then the frame must be reachable by
 * keyboard to scroll it, as a named region. Tables that fit stay out of the tab order.
 */
function useOverflowing() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for this column's cells, e.g. a monospaced font for field names. */
  className?: string;
}

// boxed: a bordered table that stands on its own in a page section; plain: rows inside a card, as in a reference.
const LOOKS = {
  boxed: {
    frame: 'overflow-x-auto rounded-lg border border-slate-200 bg-white',
    head: 'bg-slate-50 text-slate-900',
    headCell: 'px-4 py-2 font-semibold',
    body: 'divide-y divide-slate-200 text-slate-700',
    row: undefined,
    cell: 'px-4 py-2',
    rowHeader: 'px-4 py-2 font-medium text-slate-900',
  },
  plain: {
    frame: 'mt-2 overflow-x-auto',
    head: 'text-slate-600',
    headCell: 'py-1 pr-3 font-medium',
    body: 'text-slate-700',
    row: 'border-t border-slate-200 align-top',
    cell: 'py-1 pr-3',
    rowHeader: 'py-1 pr-3 font-medium text-slate-900',
  },
} as const;

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Whether the first column heads its row (false when no single column names the row). */
  rowHeaders?: boolean;
  look?: keyof typeof LOOKS;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, rowHeaders = true, look = 'boxed' }: DataTableProps<Row>) {
  const style = LOOKS[look];
  const { ref, overflowing } = useOverflowing();
  return (
    <div
      ref={ref}
      className={style.frame}
      {...(overflowing && { tabIndex: 0, role: 'region', 'aria-label': `${caption} (scrolls sideways)` })}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={style.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={style.headCell}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={style.row}>
              {columns.map((column, i) =>
                rowHeaders && i === 0 ? (
                  <th key={column.header} scope="row" className={cn(style.rowHeader, column.className)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={cn(style.cell, column.className)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
