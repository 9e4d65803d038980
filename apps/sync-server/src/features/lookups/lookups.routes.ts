import { idSchema, LOOKUPS, lookupItemSchema, lookupListSchema } from '@simvisit/schema';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { type AnyRoute, defineRoute } from '../../http/route';

/** Lookup lists (spec 000 §7): public, because registration reads them before anyone signs in. */
export const lookupsRoutes: AnyRoute[] = [
  ...LOOKUPS.flatMap((name) => [
    defineRoute({
      method: 'GET',
      path: `/api/${name}`,
      tag: 'Lookups',
      summary: `All ${name}`,
      access: { type: 'public' },
      scope: 'none',
      response: lookupListSchema,
      handler: ({ c }) => c.var.services.lookups.list(name),
    }),
    defineRoute({
      method: 'GET',
      path: `/api/${name}/:id`,
      tag: 'Lookups',
      summary: `One of ${name}`,
      access: { type: 'public' },
      scope: 'none',
      params: z.object({ id: idSchema }),
      response: lookupItemSchema,
      handler: async ({ c, params }) => (await c.var.services.lookups.one(name, params.id)) ?? Promise.reject(notFound()),
    }),
  ]),
  defineRoute({
    method: 'GET',
    path: '/api/registration-select-values/:field',
    tag: 'Lookups',
    summary: 'Options of a registration select field',
    access: { type: 'public' },
    scope: 'none',
    params: z.object({ field: idSchema }),
    response: lookupListSchema,
    handler: async ({ c, params }) => (await c.var.services.registrationFields.selectValues(params.field)) ?? Promise.reject(notFound()),
  }),
];
