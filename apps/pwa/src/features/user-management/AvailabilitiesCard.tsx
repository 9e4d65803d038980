import { WEEKDAYS } from '@simvisit/schema';
import { Card, CardBody, CardHeader } from '@simvisit/ui';
import { clockTime } from './format';
import type { UserDetail } from './types';

/** The user's weekly availability, grouped by weekday, in the viewer's own time zone (the server converts it). */
export function AvailabilitiesCard({ availabilities }: { availabilities: UserDetail['availabilities'] }) {
  const days = WEEKDAYS.map((day) => ({
    day,
    windows: availabilities.filter((a) => a.local_day === day).sort((a, b) => a.local_start_time.localeCompare(b.local_start_time)),
  })).filter((d) => d.windows.length > 0);
  return (
    <Card aria-label="Availabilities">
      <CardHeader title="Availabilities" />
      <CardBody>
        {days.length === 0 ? (
          <p className="text-sm text-slate-600">No Availabilities</p>
        ) : (
          <dl className="divide-y divide-slate-100 text-sm">
            {days.map(({ day, windows }) => (
              <div key={day} className="grid gap-1 py-2 sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-slate-700">{day}</dt>
                <dd>
                  <ul className="space-y-0.5">
                    {windows.map((w) => (
                      <li key={w.id} className="text-slate-900">
                        {clockTime(w.local_start_time)} – {clockTime(w.local_end_time)}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-3 text-xs text-slate-500">Times are shown in your time zone.</p>
      </CardBody>
    </Card>
  );
}
