import type { ReactNode } from 'react';

/**
 * The small table of the dashboards' money cards: a caption for screen readers (the period it covers), the first
 * column naming each row and the figures right-aligned after it. The rows come as children.
 */
export function FiguresTable({
  caption,
  columns,
  busy,
  children,
}: {
  caption: string;
  /** the headers: the row names' first, then the figures' */
  columns: readonly string[];
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <table className="w-full text-sm" aria-busy={busy || undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs font-medium tracking-wide text-slate-500 uppercase">
          {columns.map((header, i) => (
            <th key={header} scope="col" className={i === 0 ? 'py-1.5 text-left font-medium' : 'py-1.5 text-right font-medium'}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}
