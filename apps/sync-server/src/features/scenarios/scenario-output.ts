/** How the scenarios service writes people, dates, partners and attached users in its answers. */
import { fullName, type ScenarioCard } from '@simvisit/schema';
import { scenarioCardOf } from './scenario-card';
import type { ScenariosRepository } from './scenarios.repository';

type CardRow = Awaited<ReturnType<ScenariosRepository['all']>>[number];
export type Person = { id: number; first_name: string; last_name: string; email: string; image: string | null };

export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
export const person = (p: Person | undefined) => (p ? { id: p.id, name: fullName(p), email: p.email, image: p.image } : null);
/** A user offered in the side panel's pickers (standardized patients, observers, trainers). */
export const option = (u: Person) => ({ id: u.id, name: fullName(u), email: u.email, image: u.image });

type PartnerRow = Awaited<ReturnType<ScenariosRepository['partners']>>[number];
type AttachedRow = Awaited<ReturnType<ScenariosRepository['attachedUsers']>>[number];

export function toScenarioPartner(p: PartnerRow) {
  return {
    id: p.id,
    partner_id: p.partner_id,
    featured: (p.featured === 1 ? 1 : 0) as 0 | 1,
    job_number: p.job_number,
    partner: { id: p.partner_id, long_name: p.long_name, short_name: p.short_name },
  };
}
export function toScenarioUser(u: AttachedRow) {
  return { id: u.id, user_id: u.user_id, role_id: u.role_id, user: { id: u.user_id, name: fullName(u), email: u.email, image: u.image } };
}

export const card = (r: CardRow, options?: { fee: boolean }): ScenarioCard => scenarioCardOf(r, options);
