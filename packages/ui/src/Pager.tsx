import { Button } from './Button';
import { cn } from './cn';

/** Page numbers to offer: the first, the last, and the current page with its neighbours; null is a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const pages = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of pages) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && p - previous > 1) out.push(p - previous === 2 ? p - 1 : null);
    out.push(p);
  }
  return out;
}

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark ("Users pages"). */
  label: string;
  className?: string;
}

/** Previous, page numbers and Next; the current page is marked for assistive technology. */
export function Pager({ page, pageCount, onPageChange, label, className }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center gap-1', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, pageCount).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className="px-1 text-sm text-slate-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="sm"
            variant={p === page ? 'primary' : 'secondary'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPageChange(p)}
            className="min-w-8"
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
