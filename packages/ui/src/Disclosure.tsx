import { Collapsible } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { ChevronDownIcon } from './icons';

export interface DisclosureProps {
  label: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  triggerClassName?: string;
}

/** A section that expands and collapses under its labelled button. */
export function Disclosure({ label, children, defaultOpen, className, triggerClassName }: DisclosureProps) {
  return (
    <Collapsible.Root defaultOpen={defaultOpen} className={className}>
      <Collapsible.Trigger
        className={cn(
          'group flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm font-medium',
          'text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
          triggerClassName,
        )}
      >
        <span>{label}</span>
        <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" />
      </Collapsible.Trigger>
      <Collapsible.Content>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
