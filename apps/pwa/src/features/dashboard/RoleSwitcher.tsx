import { DASHBOARD_VIEW_LABELS } from '@simvisit/schema';
import { Button } from '@simvisit/ui';
import { useSignedInSession } from '../../platform/session';
import { useDashboardView } from './dashboard-view';

/** One button per dashboard view of the user, shown on the dashboard only when there are several. */
export function RoleSwitcher() {
  const session = useSignedInSession();
  const { view, switcherViews, choose } = useDashboardView(session);
  if (switcherViews.length === 0) return null;
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Dashboard view</legend>
      {switcherViews.map((v) => (
        <Button key={v} size="sm" variant={v === view ? 'primary' : 'secondary'} aria-pressed={v === view} onClick={() => choose(v)}>
          {DASHBOARD_VIEW_LABELS[v]}
        </Button>
      ))}
    </fieldset>
  );
}
