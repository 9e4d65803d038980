import { useState } from 'react';
import { cn } from './cn';
import { UserIcon } from './icons';
import { safeImageSrc } from './safe-urls';

/**
 * The scenario's patient picture from the patient image library, or a neutral figure while none is chosen
 * (or it does not load). Decorative: the patient's name is always written next to it.
 */
export function PatientImage({ location, className }: { location: string | null; className?: string }) {
  const src = safeImageSrc(location);
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt="" className={cn('bg-slate-100 object-cover', className)} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className={cn('flex items-center justify-center bg-brand-50 text-brand-300', className)}>
      <UserIcon className="size-1/2" />
    </span>
  );
}
