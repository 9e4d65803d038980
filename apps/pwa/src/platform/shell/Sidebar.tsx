import { approvedRoleIdsAt, type SidebarItem, sidebarItems } from '@simvisit/schema';
import { cn, Disclosure, Drawer } from '@simvisit/ui';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { AppLink } from '../../lib/app-link';
import type { Session } from '../session';
import { useLogout } from './logout';

const itemClass =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500';

function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavLink({ to, label, pathname, nested }: { to: string; label: string; pathname: string; nested?: boolean }) {
  const active = isActive(pathname, to);
  return (
    <AppLink
      to={to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        itemClass,
        nested && 'pl-6',
        active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      {label}
    </AppLink>
  );
}

function NavItem({ item, pathname }: { item: SidebarItem; pathname: string }) {
  if ('to' in item) return <NavLink to={item.to} label={item.label} pathname={pathname} />;
  return (
    <Disclosure label={item.label} defaultOpen={item.children.some((c) => isActive(pathname, c.to))}>
      <ul className="mt-1 space-y-1">
        {item.children.map((child) => (
          <li key={child.to}>
            <NavLink to={child.to} label={child.label} pathname={pathname} nested />
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}

export interface SidebarProps {
  session: Session;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown above the navigation (the partner selector on small screens). */
  header?: ReactNode;
}

/** The menu of spec 000 §2.2, built only from the shared sidebar rules, plus Logout. */
export function Sidebar({ session, open, onOpenChange, header }: SidebarProps) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const logout = useLogout();

  // Any navigation closes the menu, including the browser's back button.
  useEffect(() => router.subscribe('onBeforeNavigate', () => onOpenChange(false)), [router, onOpenChange]);

  const partner = session.partner;
  const items = sidebarItems({
    isSuperAdmin: session.user.super_admin === 1,
    roleIds: approvedRoleIdsAt(session.user.user_roles, partner?.id ?? null),
    permissions: session.permissions,
    partnerIsSim: partner?.is_sim ?? false,
  });

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Menu">
      {header ? <div className="mb-3 border-b border-slate-100 pb-3">{header}</div> : null}
      <nav aria-label="Main">
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.label}>
              <NavItem item={item} pathname={pathname} />
            </li>
          ))}
          <li className="mt-2 border-t border-slate-100 pt-2">
            <button
              type="button"
              onClick={() => void logout()}
              className={cn(itemClass, 'text-slate-700 hover:bg-slate-100 hover:text-slate-900')}
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </Drawer>
  );
}
