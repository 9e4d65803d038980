import { useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

export interface AppLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** A same-origin path, possibly of a page that a later release adds or that the server named. */
  to: string;
}

/**
 * A link to a path known only at run time (sidebar rules, notifications, alerts). It navigates inside the
 * app like a router link, and still opens in a new tab with a modifier key or the middle button.
 */
export function AppLink({ to, onClick, ...props }: AppLinkProps) {
  const router = useRouter();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    void router.navigate({ href: to });
  }
  return <a href={to} onClick={handleClick} {...props} />;
}
