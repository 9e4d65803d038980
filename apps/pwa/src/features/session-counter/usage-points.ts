import type { SessionCounterPartner } from '@simvisit/schema';

/** One day of the usage-over-time chart: its label and each shown partner's usage that day (absent: no reading). */
export interface UsagePoint {
  day: string;
  label: string;
  [partnerKey: `p${number}`]: number | undefined;
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The key of a partner's line and column. */
export const partnerKey = (id: number): `p${number}` => `p${id}`;

/** The days any of these partners has a reading, oldest first, with each partner's usage that day. */
export function usagePoints(partners: readonly SessionCounterPartner[]): UsagePoint[] {
  const byDay = new Map<string, UsagePoint>();
  for (const partner of partners) {
    for (const h of partner.history) {
      const point = byDay.get(h.day) ?? { day: h.day, label: dayLabel.format(new Date(`${h.day}T00:00:00Z`)) };
      point[partnerKey(partner.id)] = h.usage;
      byDay.set(h.day, point);
    }
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}
