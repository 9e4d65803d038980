import { type ReactNode, useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import type { Session } from '../session';
import { SignedInProvider, TimeZoneNotice } from '../session';
import { SyncIssues } from '../sync';
import { Footer } from './Footer';
import { LocalStoreRuntime } from './LocalStoreRuntime';
import { PartnerSelector } from './PartnerSelector';
import { SubHeader } from './SubHeader';
import { LogoutDialog, Sidebar, useFrameLaterParts } from './shell-dialogs';
import { TopBar } from './TopBar';

/** The signed-in frame: top bar, sub-header, page, footer, and the hamburger menu. */
export function AppShell({ session, children }: { session: Session; children: ReactNode }) {
  const { product_name } = useAppConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  useFrameLaterParts();
  return (
    <SignedInProvider session={session}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <TopBar session={session} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
        <SubHeader />
        <SyncIssues />
        <TimeZoneNotice session={session} />
        {/* At least a screen tall: the footer starts below the first screen, so a page whose content arrives after its
            first paint no longer pushes a visible footer down (the signed-in pages' layout shift, decision 0085). */}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 pt-2 pb-6 focus:outline-none sm:px-6 sm:py-8"
        >
          {children}
        </main>
        <Footer />
        <LocalStoreRuntime session={session} />
        <LogoutDialog />
        <Sidebar
          session={session}
          open={menuOpen}
          onOpenChange={setMenuOpen}
          header={
            session.partners.length > 0 ? (
              <div className="sm:hidden">
                <PartnerSelector
                  id="partner-selector-menu"
                  fullWidth
                  partners={session.partners}
                  current={session.partner}
                  productName={product_name}
                />
              </div>
            ) : null
          }
        />
      </div>
    </SignedInProvider>
  );
}
