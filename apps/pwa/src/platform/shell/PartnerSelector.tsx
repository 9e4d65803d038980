import type { Partner } from '@simvisit/schema';
import { cn } from '@simvisit/ui';
import type { ChangeEvent } from 'react';
import { useSwitchPartner } from './switch-partner';

export interface PartnerSelectorProps {
  /** Element id; the selector appears twice (top bar, and the menu on phones). */
  id: string;
  /** Fill the width of its container (in the menu). */
  fullWidth?: boolean;
  partners: readonly Partner[];
  current: Partner | null;
  productName: string;
}

/** Shown when the user has partners; a select only when there is more than one (spec 000 §2.2). */
export function PartnerSelector({ id, fullWidth, partners, current, productName }: PartnerSelectorProps) {
  const { switchPartner, switching } = useSwitchPartner();
  const nameOf = (p: Partner | null | undefined) => p?.short_name || productName;

  if (partners.length === 0) return null;
  if (partners.length === 1) {
    return <span className="truncate text-sm font-medium text-slate-700">{nameOf(partners[0])}</span>;
  }

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const partnerId = Number(event.target.value);
    if (partnerId && partnerId !== current?.id) void switchPartner(partnerId);
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        Partner
      </label>
      <select
        id={id}
        value={current?.id ?? ''}
        onChange={onChange}
        disabled={switching}
        className={cn(
          fullWidth ? 'w-full' : 'max-w-[11rem] sm:max-w-[16rem]',
          'truncate rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm font-medium text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:opacity-60',
        )}
      >
        {current ? null : <option value="">{productName}</option>}
        {partners.map((p) => (
          <option key={p.id} value={p.id}>
            {nameOf(p)}
          </option>
        ))}
      </select>
    </div>
  );
}
