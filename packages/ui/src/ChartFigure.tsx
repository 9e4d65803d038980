import { type ReactNode, useId, useState } from 'react';
import { Button } from './Button';
import { cn } from './cn';

export interface ChartFigureProps {
  /** The figure's name, shown above the drawing. */
  title: string;
  /** The drawing (a lazily loaded chart, inside its own Suspense). */
  plot: ReactNode;
  /** The same figures as a table with a caption, shown by the toggle. */
  table: ReactNode;
  className?: string;
  titleClassName?: string;
}

/**
 * A chart with its labelled table alternative (issue 20 item 6): the figure is named by its title, "Show as table"
 * opens the same figures for those who would rather read or cannot see the drawing. The chart prints; the toggle
 * does not, and the table prints when it is open.
 */
export function ChartFigure({ title, plot, table, className, titleClassName }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
  return (
    <figure className={cn('break-inside-avoid', className)} aria-labelledby={headingId}>
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span id={headingId} className={cn('font-semibold text-slate-900', titleClassName ?? 'text-base')}>
          {title}
        </span>
        <Button
          variant="secondary"
          className="print:hidden"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Hide table' : 'Show as table'}
        </Button>
      </figcaption>
      {plot}
      <div id={tableId} hidden={!asTable} className="mt-3">
        {table}
      </div>
    </figure>
  );
}
