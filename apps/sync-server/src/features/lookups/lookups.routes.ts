import { LOOKUPS, lookupCalls, lookupsApi } from '@simvisit/schema';
import { notFound } from '../../http/errors';
import { type AnyRoute, implement } from '../../http/route';

/** Lookup lists (contracts in packages/schema/src/api/lookups.ts): public, registration reads them signed out. */
export const lookupsRoutes: AnyRoute[] = [
  ...LOOKUPS.flatMap((name) => [
    implement(lookupCalls[name].list, ({ c }) => c.var.services.lookups.list(name)),
    implement(
      lookupCalls[name].one,
      async ({ c, params }) => (await c.var.services.lookups.one(name, params.id)) ?? Promise.reject(notFound()),
    ),
  ]),
  implement(
    lookupsApi.registrationSelectValues,
    async ({ c, params }) => (await c.var.services.registrationFields.selectValues(params.field)) ?? Promise.reject(notFound()),
  ),
];
