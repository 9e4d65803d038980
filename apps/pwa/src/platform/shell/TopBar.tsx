import { fullName, showsReturnToDashboard } from '@simvisit/schema';
import { ArrowLeftIcon, MenuIcon } from '@simvisit/ui';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAppConfig } from '../../lib/app-config';
import type { Session } from '../session';
import { SyncStatus } from '../sync';
import { NotificationBell } from './NotificationBell';
import { PartnerLogo } from './PartnerLogo';
import { PartnerSelector } from './PartnerSelector';
import { UserMenu } from './UserMenu';

export interface TopBarProps {
  session: Session;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/**
 * Hamburger, partner logo, partner selector, sync state, stored notifications and the user menu (spec 000 §2.2).
 * Sticky and 48 px tall on a phone, so the sync state stays in view and the chrome above a page's title stays
 * within 120 px (issue 22 item 5, decision 0088).
 */
export function TopBar({ session, menuOpen, onOpenMenu }: TopBarProps) {
  const { product_name } = useAppConfig();
  const partner = session.partner;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-12 max-w-6xl items-center gap-1 px-1 sm:h-16 sm:gap-3 sm:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          className="grid size-11 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <MenuIcon className="size-6" />
          <span className="sr-only">Open menu</span>
        </button>
        {/* On a phone Return to Dashboard is this arrow, not a row of its own (the sub-header's button from sm up). */}
        {showsReturnToDashboard(pathname) ? (
          <Link
            to="/dashboard"
            className="grid size-11 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 sm:hidden"
          >
            <ArrowLeftIcon className="size-6" />
            <span className="sr-only">Return to Dashboard</span>
          </Link>
        ) : null}
        {/* The partner's banner colour behind its logo (decision 0056); none is transparent. */}
        <Link
          to="/dashboard"
          className="flex min-w-0 shrink items-center rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
          style={partner?.colour ? { backgroundColor: `#${partner.colour}`, padding: '2px 6px' } : undefined}
        >
          <PartnerLogo partner={partner} name={partner?.long_name || product_name} className="max-w-[80px] sm:max-w-[200px]" />
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <SyncStatus />
          <div className="hidden sm:block">
            <PartnerSelector id="partner-selector" partners={session.partners} current={partner} productName={product_name} />
          </div>
          <NotificationBell notifications={session.notifications} />
          <UserMenu name={session.user.name || fullName(session.user)} image={session.user.image} />
        </div>
      </div>
    </header>
  );
}
