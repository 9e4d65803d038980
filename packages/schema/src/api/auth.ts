import { defineContract } from '../api-contract';
import {
  authCheckResponseSchema,
  authUserResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  passcodeRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
} from '../auth';
import { messageSchema } from '../errors';

/*
 * Sign-in, session and password calls of spec 000 §7 with the Sanctum SPA handshake. GET api/logout and GET
 * api/auth/user/token change state although the spec makes them GETs, so they carry the CSRF header.
 */
const tag = 'Auth';
const anyone = { type: 'public' } as const;
const signedIn = { type: 'authenticated' } as const;

export const authApi = {
  /** Answers 204 without a body: the cookie is the answer. */
  csrfCookie: defineContract({
    method: 'GET',
    path: '/sanctum/csrf-cookie',
    tag,
    summary: 'Set the XSRF-TOKEN cookie (starts a guest session when there is none)',
    access: anyone,
    scope: 'none',
  }),
  login: defineContract({
    method: 'POST',
    path: '/api/login',
    tag,
    summary: 'Sign in with email and password at a partner',
    access: anyone,
    scope: 'none',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  user: defineContract({
    method: 'GET',
    path: '/api/auth/user',
    tag,
    summary: 'The signed-in user with permissions, partners, notifications and registration fields',
    access: signedIn,
    scope: 'self',
    beforeAdmission: true,
    response: authUserResponseSchema,
  }),
  /** spec 000 §8 treats a 401 from the auth check apart from other calls: without a session it answers 401. */
  check: defineContract({
    method: 'GET',
    path: '/api/auth/check',
    tag,
    summary: 'Whether the caller has a signed-in session',
    access: anyone,
    scope: 'none',
    response: authCheckResponseSchema,
  }),
  logout: defineContract({
    method: 'GET',
    path: '/api/logout',
    tag,
    summary: 'Sign out (a GET in the spec, so it requires X-XSRF-TOKEN like any state change)',
    access: signedIn,
    scope: 'self',
    beforeAdmission: true,
    stateChanging: true,
    response: messageSchema,
  }),
  issueToken: defineContract({
    method: 'GET',
    path: '/api/auth/user/token',
    tag,
    summary: 'Issue a one-hour read-only bearer token for the signed-in user',
    access: signedIn,
    scope: 'self',
    stateChanging: true,
    response: tokenResponseSchema,
  }),
  forgotPassword: defineContract({
    method: 'POST',
    path: '/api/forgot-password',
    tag,
    summary: 'Mail a password reset link (the answer never tells whether the email exists)',
    access: anyone,
    scope: 'none',
    body: forgotPasswordRequestSchema,
    response: messageSchema,
  }),
  resetPassword: defineContract({
    method: 'POST',
    path: '/api/reset-password',
    tag,
    summary: 'Set a new password with a mailed reset token',
    access: anyone,
    scope: 'none',
    body: resetPasswordRequestSchema,
    response: messageSchema,
  }),
  submitPasscode: defineContract({
    method: 'POST',
    path: '/api/user/submit-passcode',
    tag,
    summary: "Submit the current partner's brand passcode",
    access: signedIn,
    scope: 'partner',
    beforeAdmission: true,
    body: passcodeRequestSchema,
    response: messageSchema,
  }),
};
