import { ROLE } from '@simvisit/schema';
import type { Insertable } from 'kysely';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import type { DB } from '../../db/types';
import { insertEmailedLink } from '../../platform/emailed-links';
import type { MailMessage } from '../../platform/mail';

/**
 * An applicant account and its email confirmation, shared by applying for a role and requesting a quote (issue 19
 * item 1, decision 0073): both make the same account (the applicant role at the partner, a confirmation link of
 * purpose application_confirmation stored with it) and mail the same link; only the mail's reason differs.
 */
export interface NewApplicantAccount {
  partnerId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** further columns of the user row (applying's experience, time zone and files; a quote's mobile number) */
  user?: Omit<Insertable<DB['users']>, 'email' | 'password' | 'first_name' | 'last_name' | 'created_at' | 'updated_at'>;
  /** the emailed link (mintEmailedLink), stored with the account so neither exists without the other */
  confirmation: { tokenHash: string; expiresAt: Date };
  now: Date;
}

/** Inserts the user, its approved applicant role at the partner and its confirmation link; run it in a transaction. */
export async function insertApplicantAccount(ex: Executor, a: NewApplicantAccount): Promise<number> {
  const user = await ex
    .insertInto('users')
    .values({
      ...a.user,
      email: a.email,
      password: a.passwordHash,
      first_name: a.firstName,
      last_name: a.lastName,
      created_at: a.now,
      updated_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ex
    .insertInto('user_roles')
    .values({ user_id: user.id, role_id: ROLE.applicant, partner_id: a.partnerId, is_approved: true, created_at: a.now, updated_at: a.now })
    .execute();
  await insertEmailedLink(ex, {
    purpose: 'application_confirmation',
    subjectId: user.id,
    partnerId: a.partnerId,
    tokenHash: a.confirmation.tokenHash,
    expiresAt: a.confirmation.expiresAt,
    createdAt: a.now,
  });
  return user.id;
}

/** What the confirmation confirms, in the mail's words. */
const REASONS = {
  application: { thanks: 'Thank you for applying.', purpose: 'to submit your application', ifNot: 'If you did not apply' },
  quote: { thanks: 'Thank you for your quote request.', purpose: 'for your new account', ifNot: 'If you did not request a quote' },
} as const;
export type ConfirmationReason = keyof typeof REASONS;

/** The confirmation mail: the link opens /confirm-email/{token} at the partner (applying's confirm call). */
export function applicantConfirmationMail(
  config: Pick<Config, 'appUrl' | 'productName'>,
  to: { email: string; first_name: string },
  token: string,
  partnerSlug: string,
  reason: ConfirmationReason,
): MailMessage {
  const r = REASONS[reason];
  const link = `${config.appUrl}/confirm-email/${token}?${new URLSearchParams({ partner_slug: partnerSlug })}`;
  return {
    to: to.email,
    subject: `${config.productName}: Confirm your email address`,
    text: [
      `Hello ${to.first_name},`,
      '',
      `${r.thanks} Please confirm your email address ${r.purpose}:`,
      '',
      link,
      '',
      'This link will expire in 7 days.',
      `${r.ifNot}, no further action is required.`,
    ].join('\n'),
  };
}
