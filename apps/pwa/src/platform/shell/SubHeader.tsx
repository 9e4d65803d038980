import { formatLongDate, showsReturnToDashboard } from '@simvisit/schema';
import { Button, cn } from '@simvisit/ui';
import { Link, useMatches, useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useDisplayZone } from '../session';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** What the page shows on the left of the sub-header (the dashboard's view buttons), declared by the page's route. */
    subHeader?: ComponentType;
  }
}

/**
 * Return to Dashboard, or the page's own controls, and today's date (spec 000 §2.2; the sync state moved to
 * the sticky top bar, decision 0088). A named region: content
 * between the banner and main must sit in a landmark to be found by screen-reader users (decision 0038).
 */
export function SubHeader() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const zone = useDisplayZone();
  // The deepest match that declares controls; the shell knows no feature (docs/decisions/0036).
  const PageControls = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.subHeader)?.staticData.subHeader });
  const returns = showsReturnToDashboard(pathname);
  // On a phone only the page's controls show: Return to Dashboard is the top bar's arrow there, and the date is on
  // the device's own status bar; with no controls the row is gone (decision 0088).
  return (
    <section aria-label="Sub-header" className={cn('border-b border-slate-200 bg-white', !PageControls && 'hidden sm:block')}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-1 sm:min-h-14 sm:px-6 sm:py-2.5">
        <div className="flex flex-wrap items-center gap-2">
          {returns ? (
            <Button asChild variant="secondary" size="sm" className="max-sm:hidden">
              <Link to="/dashboard">Return to Dashboard</Link>
            </Button>
          ) : null}
          {PageControls ? <PageControls /> : null}
        </div>
        <p className="hidden text-sm text-slate-500 sm:block">{formatLongDate(new Date(), zone)}</p>
      </div>
    </section>
  );
}
