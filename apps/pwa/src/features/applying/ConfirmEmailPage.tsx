import { resolvePartnerSlug } from '@simvisit/schema';
import { Alert, Spinner } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { fetchAuthUser, sessionQuery, setSession } from '../../platform/session';
import { AuthCard } from '../auth';
import { usePartnerOrDefault } from '../partners';
import { confirmEmail } from './applying-api';

const linkClass = 'font-medium text-brand-700 hover:underline';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

export interface ConfirmEmailPageProps {
  token: string;
  search: { partner_slug?: string };
  /** The call that spends the link; the application's by default, the learner registration's for a new learner. */
  confirm?: (token: string) => Promise<{ message: string }>;
}

/**
 * The mailed link: confirms the email once, which submits the application (or finishes a learner's registration)
 * and signs the person in. The dashboard link passes the signed-in guards, so a brand passcode is asked there.
 */
export function ConfirmEmailPage({ token, search, confirm = confirmEmail }: ConfirmEmailPageProps) {
  useDocumentTitle('Confirm Your Email');
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const { partner } = usePartnerOrDefault(resolvePartnerSlug(config.host_partner_slug, search.partner_slug));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link works once: a second render must not spend it again.
    if (sent.current) return;
    sent.current = true;
    void (async () => {
      try {
        const answer = await confirm(token);
        const session = await fetchAuthUser();
        // The page's first session check (made signed out, before the link was followed) may still be on its way:
        // cancelled first, so its late 'signed out' cannot overwrite the new session and send Continue to /login.
        await queryClient.cancelQueries({ queryKey: sessionQuery.queryKey });
        if (session) setSession(queryClient, session);
        setOutcome({ ok: true, message: answer.message });
      } catch (error) {
        setOutcome({ ok: false, message: errorMessage(error) });
      }
    })();
  }, [token, queryClient, confirm]);

  return (
    <AuthCard partner={partner} title="Confirm Your Email">
      {outcome === null ? (
        <Spinner label="Confirming your email address" />
      ) : outcome.ok ? (
        <div className="space-y-4">
          <Alert tone="success" role="status">
            {outcome.message}
          </Alert>
          <Link to="/dashboard" className={linkClass}>
            Continue to dashboard &gt;&gt;
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <Alert tone="danger" role="alert">
            {outcome.message}
          </Alert>
          <p className="text-sm text-slate-600">Sign in to send yourself a new link from your dashboard.</p>
          <Link to="/login" search={{ partner_slug: search.partner_slug }} className={linkClass}>
            Back to Login
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
