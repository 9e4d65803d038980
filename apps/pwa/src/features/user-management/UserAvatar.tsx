import { cn, safeImageSrc } from '@simvisit/ui';
import { useState } from 'react';
import { initialsOf } from './format';

/** The user's picture, or their initials when there is none (or it does not load). Decorative: the name is next to it. */
export function UserAvatar({ name, image, className }: { name: string; image: string | null; className?: string }) {
  const src = safeImageSrc(image);
  const [failed, setFailed] = useState(false);
  const frame = cn('size-12 shrink-0 rounded-full', className);
  if (src && !failed) {
    return <img src={src} alt="" className={cn(frame, 'bg-slate-100 object-cover')} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className={cn(frame, 'flex items-center justify-center bg-brand-100 text-sm font-semibold text-brand-800')}>
      {initialsOf(name)}
    </span>
  );
}
