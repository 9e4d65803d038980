import { Switch } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface SwitchFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
  /** a notice under the description, announced when it appears */
  note?: ReactNode;
  disabled?: boolean;
  busy?: boolean;
}

/** An on/off switch (Radix Switch, role="switch") with its visible label, description and an optional notice. */
export function SwitchField({ id, label, checked, onCheckedChange, description, note, disabled, busy }: SwitchFieldProps) {
  const described = [description ? `${id}-description` : null, note ? `${id}-note` : null].filter(Boolean).join(' ');
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-slate-500">
            {description}
          </p>
        ) : null}
        {note ? (
          <p id={`${id}-note`} role="status" className="text-sm text-amber-800">
            {note}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled || busy}
        aria-labelledby={`${id}-label`}
        aria-describedby={described || undefined}
        aria-busy={busy || undefined}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50',
          'data-[state=checked]:bg-brand-600',
          busy && 'animate-pulse',
        )}
      >
        <Switch.Thumb className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
      </Switch.Root>
    </div>
  );
}
