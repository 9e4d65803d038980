import { defineContract } from '../api-contract';
import { type LookupName, lookupIdParamsSchema, lookupItemSchema, lookupListSchema, registrationFieldParamsSchema } from '../lookups';

/** Lookup lists (spec 000 §7): public, because registration reads them before anyone signs in. */
const tag = 'Lookups';
const anyone = { type: 'public' } as const;

export const lookupsApi = {
  countries: defineContract({
    method: 'GET',
    path: '/api/countries',
    tag,
    summary: 'All countries',
    access: anyone,
    scope: 'none',
    response: lookupListSchema,
  }),
  country: defineContract({
    method: 'GET',
    path: '/api/countries/:id',
    tag,
    summary: 'One of countries',
    access: anyone,
    scope: 'none',
    params: lookupIdParamsSchema,
    response: lookupItemSchema,
  }),
  professions: defineContract({
    method: 'GET',
    path: '/api/professions',
    tag,
    summary: 'All professions',
    access: anyone,
    scope: 'none',
    response: lookupListSchema,
  }),
  profession: defineContract({
    method: 'GET',
    path: '/api/professions/:id',
    tag,
    summary: 'One of professions',
    access: anyone,
    scope: 'none',
    params: lookupIdParamsSchema,
    response: lookupItemSchema,
  }),
  specialties: defineContract({
    method: 'GET',
    path: '/api/specialties',
    tag,
    summary: 'All specialties',
    access: anyone,
    scope: 'none',
    response: lookupListSchema,
  }),
  specialty: defineContract({
    method: 'GET',
    path: '/api/specialties/:id',
    tag,
    summary: 'One of specialties',
    access: anyone,
    scope: 'none',
    params: lookupIdParamsSchema,
    response: lookupItemSchema,
  }),
  states: defineContract({
    method: 'GET',
    path: '/api/states',
    tag,
    summary: 'All states',
    access: anyone,
    scope: 'none',
    response: lookupListSchema,
  }),
  state: defineContract({
    method: 'GET',
    path: '/api/states/:id',
    tag,
    summary: 'One of states',
    access: anyone,
    scope: 'none',
    params: lookupIdParamsSchema,
    response: lookupItemSchema,
  }),
  timezones: defineContract({
    method: 'GET',
    path: '/api/timezones',
    tag,
    summary: 'All timezones',
    access: anyone,
    scope: 'none',
    response: lookupListSchema,
  }),
  timezone: defineContract({
    method: 'GET',
    path: '/api/timezones/:id',
    tag,
    summary: 'One of timezones',
    access: anyone,
    scope: 'none',
    params: lookupIdParamsSchema,
    response: lookupItemSchema,
  }),
  registrationSelectValues: defineContract({
    method: 'GET',
    path: '/api/registration-select-values/:field',
    tag,
    summary: 'Options of a registration select field',
    access: anyone,
    scope: 'none',
    params: registrationFieldParamsSchema,
    response: lookupListSchema,
  }),
};

/** Each lookup list's two calls by its name, for code that handles every list alike. */
export const lookupCalls = {
  countries: { list: lookupsApi.countries, one: lookupsApi.country },
  professions: { list: lookupsApi.professions, one: lookupsApi.profession },
  specialties: { list: lookupsApi.specialties, one: lookupsApi.specialty },
  states: { list: lookupsApi.states, one: lookupsApi.state },
  timezones: { list: lookupsApi.timezones, one: lookupsApi.timezone },
} satisfies Record<LookupName, { list: unknown; one: unknown }>;
