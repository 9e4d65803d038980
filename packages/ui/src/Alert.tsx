import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const TONES: Record<AlertTone, string> = {
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  danger: 'border-red-200 bg-red-50 text-red-900',
};

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: ErrorIcon };

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
  /**
   * The title's element: a paragraph by default; a heading when the alert is what a page shows instead of its
   * content ('h1' for a page that could not load), so the page keeps a main heading.
   */
  titleAs?: 'p' | 'h1' | 'h2' | 'h3';
}

export function Alert({ tone = 'info', title, titleAs: Title = 'p', children, className, ...props }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', TONES[tone], className)} {...props}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title ? <Title className="font-semibold">{title}</Title> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
