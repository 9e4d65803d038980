import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
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

/** Which tab the arrow keys, Home and End move to (wrapping around, as the WAI-ARIA tabs pattern does). */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Underlined tabs (the WAI-ARIA tabs pattern, as Radix's were, without its 8 KB gzip on the dashboards' and the
 * scorecard's first load, decision 0085): one tab stop, arrow keys, Home and End move between the tabs and select
 * the one they reach; a press selects on mouse down. Only the selected panel holds its content (the others stay
 * as hidden, empty panels), so a tab's lists load when it is first shown. Ids are built from each tab's position:
 * a value with a space ('Awaiting Review') would make aria-controls a list of two missing ids (axe).
 */
export function Tabs({ items, label, defaultValue, value, onValueChange, className }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value);
  const selected = value ?? own;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The last value chosen, ahead of the next render: a press focuses the tab and selects it, one change not two.
  const latest = useRef(selected);
  latest.current = selected;
  const select = (next: string) => {
    if (next === latest.current) return;
    latest.current = next;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  // The tab stop: the selected tab, or the first when none is (an unknown value).
  const stop = Math.max(
    0,
    items.findIndex((item) => item.value === selected),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === ' ' || event.key === 'Enter') {
      select(items[index]!.value);
      return;
    }
    const target = nextIndex(event.key, index, items.length);
    if (target === null) return;
    event.preventDefault();
    tabs.current[target]?.focus();
  };
  const onMouseDown = (event: MouseEvent<HTMLButtonElement>, index: number) => {
    if (event.button !== 0 || event.ctrlKey) {
      event.preventDefault();
      return;
    }
    event.currentTarget.focus();
    select(items[index]!.value);
  };
  return (
    <div className={cn('w-full', className)} data-orientation="horizontal">
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {items.map((item, index) => {
          const active = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${index}`}
              data-state={active ? 'active' : 'inactive'}
              tabIndex={index === stop ? 0 : -1}
              onMouseDown={(event) => onMouseDown(event, index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              // Reaching a tab with the keyboard selects it (automatic activation).
              onFocus={() => select(item.value)}
              className={cn(
                '-mb-px shrink-0 border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-600 max-sm:min-h-11 pointer-coarse:min-h-11',
                'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500',
                'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => {
        const active = item.value === selected;
        return (
          <div
            key={item.value}
            role="tabpanel"
            id={`${baseId}-panel-${index}`}
            aria-labelledby={`${baseId}-tab-${index}`}
            data-state={active ? 'active' : 'inactive'}
            hidden={!active}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern: a panel is reachable with Tab (Radix's did the same).
            tabIndex={0}
            className="pt-4 focus-visible:outline-none"
          >
            {active ? item.content : null}
          </div>
        );
      })}
    </div>
  );
}
