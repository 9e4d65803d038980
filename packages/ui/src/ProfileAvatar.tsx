import { useState } from 'react';
import { cn } from './cn';

/** Up to two initials of a name, for people without a picture. */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A same-origin path (the server's /api/files/profile-images/...), the only picture address loaded. */
function imageSrc(image: string | null): string | null {
  return image?.startsWith('/') && !image.startsWith('//') ? image : null;
}

export interface ProfileAvatarProps {
  name: string;
  image: string | null;
  className?: string;
  /** Alternative text of the picture; empty (decorative) by default because the name is shown next to it. */
  alt?: string;
}

/**
 * The user's profile image (spec 000 §2.13), or their initials when there is none, when it does not load,
 * or offline (images are never cached by the service worker).
 */
export function ProfileAvatar({ name, image, className, alt = '' }: ProfileAvatarProps) {
  const src = imageSrc(image);
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn('shrink-0 rounded-full', className);
  if (src && failed !== src) {
    return <img src={src} alt={alt} className={cn(frame, 'bg-slate-100 object-cover')} onError={() => setFailed(src)} />;
  }
  return (
    <span aria-hidden="true" className={cn(frame, 'flex items-center justify-center bg-brand-100 font-semibold text-brand-800')}>
      {initials(name)}
    </span>
  );
}
