import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-xl border border-slate-200 bg-white shadow-sm shadow-slate-200/60', className)} {...props} />;
}

export interface CardHeaderProps extends Omit<ComponentProps<'div'>, 'title'> {
  title: ReactNode;
  /** Heading level of the title, so cards fit the page outline (1 for a card that is the whole page). */
  level?: 1 | 2 | 3;
  actions?: ReactNode;
}

export function CardHeader({ title, level = 2, actions, className, ...props }: CardHeaderProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[level - 1]!;
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4', className)} {...props}>
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

const PADDING = {
  /** Lists whose rows bring their own vertical space. */
  list: 'px-5',
  md: 'px-5 py-4',
  lg: 'p-6 sm:p-8',
} as const;

export interface CardBodyProps extends ComponentProps<'div'> {
  padding?: keyof typeof PADDING;
}

export function CardBody({ padding = 'md', className, ...props }: CardBodyProps) {
  return <div className={cn(PADDING[padding], className)} {...props} />;
}
