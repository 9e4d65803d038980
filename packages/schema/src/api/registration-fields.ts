import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import {
  addRegistrationFieldRequestSchema,
  partnerFieldsParamsSchema,
  registrationFieldIdParamsSchema,
  registrationFieldsListSchema,
  removeRegistrationFieldRequestSchema,
  updateRegistrationFieldsRequestSchema,
} from '../registration-fields';

/** Registration fields administration (spec 002 §2.11, §7), super admins only (spec 000 §2.2 sidebar). */
const tag = 'Registration fields';
const superAdmin = ACCESS.superAdmin;

export const registrationFieldsApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/registration-fields/:partnerId',
    tag,
    summary: "A partner's registration fields beside the default ones (partner 0), active or not",
    access: superAdmin,
    scope: 'none',
    params: partnerFieldsParamsSchema,
    response: registrationFieldsListSchema,
  }),
  add: defineContract({
    method: 'POST',
    path: '/api/registration-fields/:partnerId/add-field',
    tag,
    summary: 'Add a custom input, select or textbox field to a partner; its slug is derived from its title',
    access: superAdmin,
    scope: 'none',
    params: partnerFieldsParamsSchema,
    body: addRegistrationFieldRequestSchema,
    response: messageSchema,
  }),
  remove: defineContract({
    method: 'POST',
    path: '/api/registration-fields/remove-field/:id',
    tag,
    summary: "Delete a partner's custom field with its options and answers; default fields cannot be deleted",
    access: superAdmin,
    scope: 'none',
    params: registrationFieldIdParamsSchema,
    body: removeRegistrationFieldRequestSchema,
    response: messageSchema,
  }),
  update: defineContract({
    method: 'POST',
    path: '/api/registration-fields/update',
    tag,
    summary: 'Save the active and required toggles of the fields shown for one partner',
    access: superAdmin,
    scope: 'none',
    body: updateRegistrationFieldsRequestSchema,
    response: messageSchema,
  }),
};
