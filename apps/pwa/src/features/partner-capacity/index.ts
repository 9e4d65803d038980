/** Seat Management and Scheduling Dates (spec 002 §2.9, §2.16; docs/decisions/0053). */
export { partnerCapacityRoutes } from './partner-capacity-routes';
