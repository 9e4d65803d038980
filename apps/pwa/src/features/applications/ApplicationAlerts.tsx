import { namedRoutePath } from '@simvisit/schema';
import { Alert } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';
import type { ApplicationAlert } from './types';

/** Alerts carry a message and a link to a named route (spec 000 §2.10). */
export function ApplicationAlerts({ alerts }: { alerts: readonly ApplicationAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="space-y-3">
      {alerts.map((alert) => {
        const to = namedRoutePath(alert.route.name, alert.route.params);
        return (
          <Alert key={`${alert.route.name}:${alert.message}`} tone="info">
            <span>{alert.message}</span>{' '}
            {to ? (
              <AppLink to={to} className="font-semibold underline hover:no-underline">
                {alert.link_text}
              </AppLink>
            ) : null}
          </Alert>
        );
      })}
    </div>
  );
}
