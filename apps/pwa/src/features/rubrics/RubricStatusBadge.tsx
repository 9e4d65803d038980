import { cn } from '@simvisit/ui';

/** Draft or Published, next to a rubric's name. */
export function RubricStatusBadge({ published, className }: { published: boolean; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        published ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900',
        className,
      )}
    >
      {published ? 'Published' : 'Draft'}
    </span>
  );
}
