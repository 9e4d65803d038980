import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import {
  institutionChangeResponseSchema,
  institutionParamsSchema,
  institutionRequestSchema,
  institutionResponseSchema,
  institutionsResponseSchema,
  institutionUpdateSchema,
} from '../institutions';

/* Institutions of spec 002 §7, super admins only (AUTHZ-14). Every change answers the whole list. */
const tag = 'Institutions';
const superAdmin = ACCESS.superAdmin;

export const institutionsApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/institutions',
    tag,
    summary: 'Every institution with its royalty rate and whether it may be deleted',
    access: superAdmin,
    scope: 'none',
    response: institutionsResponseSchema,
  }),
  show: defineContract({
    method: 'GET',
    path: '/api/institutions/:id',
    tag,
    summary: 'One institution',
    access: superAdmin,
    scope: 'none',
    params: institutionParamsSchema,
    response: institutionResponseSchema,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/institutions',
    tag,
    summary: 'Create an institution (name up to 255 characters, royalty rate 0–999 USD with 2 decimals)',
    access: superAdmin,
    scope: 'none',
    body: institutionRequestSchema,
    response: institutionChangeResponseSchema,
  }),
  update: defineContract({
    method: 'POST',
    path: '/api/institutions/:id',
    tag,
    summary: 'Change an institution',
    access: superAdmin,
    scope: 'none',
    params: institutionParamsSchema,
    body: institutionUpdateSchema,
    response: institutionChangeResponseSchema,
  }),
  delete: defineContract({
    method: 'DELETE',
    path: '/api/institutions/:id',
    tag,
    summary: 'Delete an institution nothing refers to',
    access: superAdmin,
    scope: 'none',
    params: institutionParamsSchema,
    response: institutionChangeResponseSchema,
  }),
};
