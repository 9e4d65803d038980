import { DEFAULT_LOGO, partnerLogoUrl } from '@simvisit/schema';
import { cn } from '@simvisit/ui';
import type { SyntheticEvent } from 'react';

export interface PartnerLogoProps {
  partner: { image?: string | null; is_sim?: boolean | null } | null | undefined;
  /** The brand's name, read by screen readers in place of the picture. */
  name: string;
  className?: string;
}

/** A partner's logo by the rule of spec 000 §2.2; a broken image falls back to the default logo. */
export function PartnerLogo({ partner, name, className }: PartnerLogoProps) {
  function showDefaultLogo(event: SyntheticEvent<HTMLImageElement>) {
    const img = event.currentTarget;
    if (!img.src.endsWith(DEFAULT_LOGO)) img.src = DEFAULT_LOGO;
  }
  return (
    <img
      src={partnerLogoUrl(partner, window.location.origin)}
      alt={name}
      onError={showDefaultLogo}
      className={cn('h-[45px] w-auto max-w-[200px] object-contain', className)}
    />
  );
}
