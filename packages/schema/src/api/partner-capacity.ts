import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import {
  clearDatesRequestSchema,
  partnerDatesListResponseSchema,
  partnerDatesResponseSchema,
  saveDatesRequestSchema,
  saveDisabledDatesRequestSchema,
  seatsParamsSchema,
  seatsRequestSchema,
  seatsResponseSchema,
} from '../partner-capacity';

/** Seat Management and Scheduling Dates (spec 002 §7 'Partner administration'): super admins only (AUTHZ-14). */
const tag = 'Partner capacity';
const superAdmin = ACCESS.superAdmin;

export const partnerCapacityApi = {
  /** The spec names the call updateSeats(id, {seats}) without a path (docs/decisions/0053). */
  updateSeats: defineContract({
    method: 'POST',
    path: '/api/partner/:id/seats',
    tag,
    summary: "Raise a partner's seat total (never lowered; checked in the one UPDATE)",
    access: superAdmin,
    scope: 'object',
    params: seatsParamsSchema,
    body: seatsRequestSchema,
    response: seatsResponseSchema,
  }),
  dates: defineContract({
    method: 'GET',
    path: '/api/partner/dates',
    tag,
    summary: "Every partner's scheduling date range and disabled date range",
    access: superAdmin,
    scope: 'none',
    response: partnerDatesListResponseSchema,
  }),
  saveDates: defineContract({
    method: 'POST',
    path: '/api/partner/save-dates',
    tag,
    summary: "Set a partner's scheduling date range (YYYY-MM-DD, not before today, end not before start)",
    access: superAdmin,
    scope: 'object',
    body: saveDatesRequestSchema,
    response: partnerDatesResponseSchema,
  }),
  clearDates: defineContract({
    method: 'POST',
    path: '/api/partner/clear-dates',
    tag,
    summary: "Clear a partner's scheduling date range",
    access: superAdmin,
    scope: 'object',
    body: clearDatesRequestSchema,
    response: partnerDatesResponseSchema,
  }),
  saveDisabledDates: defineContract({
    method: 'POST',
    path: '/api/partner/save-disabled-dates',
    tag,
    summary: "Set the dates a partner's learners cannot request (YYYY-MM-DD, not before today)",
    access: superAdmin,
    scope: 'object',
    body: saveDisabledDatesRequestSchema,
    response: partnerDatesResponseSchema,
  }),
  clearDisabledDates: defineContract({
    method: 'POST',
    path: '/api/partner/clear-disabled-dates',
    tag,
    summary: "Clear a partner's disabled date range",
    access: superAdmin,
    scope: 'object',
    body: clearDatesRequestSchema,
    response: partnerDatesResponseSchema,
  }),
};
