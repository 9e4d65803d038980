/** The session counter (spec 000 §2.9, docs/decisions/0076): the card the admin and client admin dashboards show. */
export { SessionCounterCard } from './SessionCounterCard';
