import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list for screen readers. */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/**
 * Underlined tabs; arrow keys move between them (Radix). Radix builds the tab and panel ids from the values, and
 * a value with a space ('Awaiting Review') made aria-controls a list of two missing ids (axe
 * aria-valid-attr-value): Radix gets each tab's position instead, and callers keep their own values.
 */
export function Tabs({ items, label, defaultValue, value, onValueChange, className }: TabsProps) {
  const keyOf = (v: string | undefined) => {
    const index = items.findIndex((item) => item.value === v);
    return index < 0 ? undefined : `tab-${index}`;
  };
  return (
    <RadixTabs.Root
      className={cn('w-full', className)}
      defaultValue={keyOf(defaultValue ?? items[0]?.value)}
      value={value === undefined ? undefined : keyOf(value)}
      onValueChange={(key) => onValueChange?.(items[Number(key.slice('tab-'.length))]?.value ?? key)}
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {items.map((item, index) => (
          <RadixTabs.Trigger
            key={item.value}
            value={`tab-${index}`}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-600 max-sm:min-h-11 pointer-coarse:min-h-11',
              'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500',
              'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item, index) => (
        <RadixTabs.Content key={item.value} value={`tab-${index}`} className="pt-4 focus-visible:outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
