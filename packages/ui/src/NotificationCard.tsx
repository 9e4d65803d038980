import type { ComponentType, ReactNode } from 'react';
import { cn } from './cn';
import { CloseIcon, ErrorIcon, MessageIcon, SuccessIcon, UserIcon, WarningIcon } from './icons';

export type NotificationIcon = 'none' | 'success' | 'error' | 'warning' | 'user' | 'message';
export type NotificationColor = 'white' | 'red' | 'yellow' | 'green';

const COLORS: Record<NotificationColor, string> = {
  white: 'border-slate-200 bg-white text-slate-900',
  red: 'border-red-200 bg-red-50 text-red-900',
  yellow: 'border-amber-200 bg-amber-50 text-amber-900',
  green: 'border-green-200 bg-green-50 text-green-900',
};

const ICONS: Record<NotificationIcon, ComponentType<{ className?: string }> | null> = {
  none: null,
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
  user: UserIcon,
  message: MessageIcon,
};

export interface NotificationCardProps {
  title: ReactNode;
  content?: ReactNode;
  icon?: NotificationIcon;
  color?: NotificationColor;
  onDismiss?: () => void;
  className?: string;
}

/** One system notification as shown in the top-right stack. */
export function NotificationCard({ title, content, icon = 'none', color = 'white', onDismiss, className }: NotificationCardProps) {
  const Icon = ICONS[icon];
  return (
    <div className={cn('pointer-events-auto flex w-full gap-3 rounded-lg border p-4 shadow-lg', COLORS[color], className)}>
      {Icon ? <Icon className="mt-0.5 size-5 shrink-0" /> : null}
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{title}</p>
        {content ? <div className="mt-1 break-words opacity-90">{content}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-my-3 -mr-3 inline-flex size-11 shrink-0 items-center justify-center rounded-md opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <CloseIcon className="size-4" />
          <span className="sr-only">Dismiss notification</span>
        </button>
      ) : null}
    </div>
  );
}
