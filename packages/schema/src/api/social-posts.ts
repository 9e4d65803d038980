import { ACCESS } from '../api-access';
import { defineContract, uploadBodyLimit } from '../api-contract';
import {
  SOCIAL_IMAGE_MAX_BYTES,
  socialImageParamsSchema,
  socialPostIdBodySchema,
  socialPostResponseSchema,
  socialPostsResponseSchema,
} from '../social-posts';

/* Social media posts of spec 002 §7, super admins only (AUTHZ-14). Save and update are multipart (fields id,
   title, description, published_on and an optional image "file"), read by the handler itself. */
const tag = 'Social media posts';
const superAdmin = ACCESS.superAdmin;

export const socialPostsApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/social',
    tag,
    summary: 'Every social media post, newest publish date first',
    access: superAdmin,
    scope: 'none',
    response: socialPostsResponseSchema,
  }),
  save: defineContract({
    method: 'POST',
    path: '/api/social/save',
    tag,
    summary: 'Create a post (multipart: title, description, published_on, optional JPEG or PNG "file" up to 5 MB)',
    access: superAdmin,
    scope: 'none',
    json: false,
    bodyLimit: uploadBodyLimit(SOCIAL_IMAGE_MAX_BYTES),
    response: socialPostResponseSchema,
  }),
  update: defineContract({
    method: 'POST',
    path: '/api/social/update',
    tag,
    summary: 'Change a post (multipart: id, title, description, published_on, optional new "file")',
    access: superAdmin,
    scope: 'none',
    json: false,
    bodyLimit: uploadBodyLimit(SOCIAL_IMAGE_MAX_BYTES),
    response: socialPostResponseSchema,
  }),
  delete: defineContract({
    method: 'POST',
    path: '/api/social/delete',
    tag,
    summary: 'Delete a post (multipart or JSON: id)',
    access: superAdmin,
    scope: 'none',
    // The spec sends it multipart like save and update (spec 002 §7); JSON is accepted too.
    form: true,
    body: socialPostIdBodySchema,
  }),
  /** Answers the PNG itself, not JSON. */
  image: defineContract({
    method: 'GET',
    path: '/api/files/social-images/:name',
    tag,
    summary: "A social media post's image (super admins)",
    access: superAdmin,
    scope: 'none',
    params: socialImageParamsSchema,
  }),
};
