import { formatLongDate, showsReturnToDashboard } from '@simvisit/schema';
import { Button } from '@simvisit/ui';
import { Link, useMatches, useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useDisplayZone } from '../session';
import { SyncStatus } from '../sync';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** What the page shows on the left of the sub-header (the dashboard's view buttons), declared by the page's route. */
    subHeader?: ComponentType;
  }
}

/**
 * Return to Dashboard, or the page's own controls, and today's date (spec 000 §2.2). A named region: content
 * between the banner and main must sit in a landmark to be found by screen-reader users (decision 0038).
 */
export function SubHeader() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const zone = useDisplayZone();
  // The deepest match that declares controls; the shell knows no feature (docs/decisions/0036).
  const PageControls = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.subHeader)?.staticData.subHeader });
  return (
    <section aria-label="Sub-header" className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          {showsReturnToDashboard(pathname) ? (
            <Button asChild variant="secondary" size="sm">
              <Link to="/dashboard">Return to Dashboard</Link>
            </Button>
          ) : null}
          {PageControls ? <PageControls /> : null}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
          <SyncStatus />
          <p className="text-sm text-slate-500">{formatLongDate(new Date(), zone)}</p>
        </div>
      </div>
    </section>
  );
}
