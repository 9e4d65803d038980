import { authApi, loginRequestSchema, resolvePartnerSlug, safeRedirectPath } from '@simvisit/schema';
import { Button, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { apiCall } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { leaveApp } from '../../lib/leave-app';
import { useLightForm } from '../../lib/light-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify } from '../../platform/notices';
import { fetchAuthUser, setSession } from '../../platform/session';
import { usePartnerBySlug } from '../partners';
import { AuthCard } from './AuthCard';

export interface LoginSearch {
  partner_slug?: string;
  redirect?: string;
}

const linkClass = 'font-medium text-brand-700 hover:underline';

/**
 * The invitations under the form differ by partner (spec 000 §2.3): the application for a role (decision 0047),
 * and the learner registration for the rest (decision 0051).
 */
function PartnerInvitations({ slug, partnerSlug }: { slug: string; partnerSlug: string | undefined }) {
  if (slug === 'sp' || slug === 'simclusive') {
    return (
      <>
        <p>
          <Link to="/apply" search={{ role: 'author', partner_slug: partnerSlug }} className={linkClass}>
            Want to Become a Scenario Author?
          </Link>
        </p>
        <p>
          {slug === 'sp' ? (
            <Link to="/apply" search={{ role: 'sp', partner_slug: partnerSlug }} className={linkClass}>
              Want to Become a SP?
            </Link>
          ) : (
            <Link to="/request-quote" search={{ partner_slug: partnerSlug }} className={linkClass}>
              Request a Quote?
            </Link>
          )}
        </p>
      </>
    );
  }
  return (
    <p>
      <Link to="/register" search={{ partner_slug: partnerSlug }} className={linkClass}>
        Don't have an account? Register today!
      </Link>
    </p>
  );
}

export function LoginPage({ search }: { search: LoginSearch }) {
  useDocumentTitle('Sign In');
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const router = useRouter();
  const slug = resolvePartnerSlug(config.host_partner_slug, search.partner_slug);
  const { partner, isUnknown } = usePartnerBySlug(slug);
  // A light form (no react-hook-form): the first page of everyone signed out (decision 0085, third pass).
  const { field, onSubmit, submitting } = useLightForm({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' },
    input: (values) => ({ ...values, slug }),
    submit: async (body) => {
      await apiCall(authApi.login, { body }, { onUnauthenticated: 'ignore' });
      const session = await fetchAuthUser();
      if (!session) return;
      if (!session.partner) return leaveApp(config.main_site_url);
      setSession(queryClient, session);
      await router.navigate({ href: safeRedirectPath(search.redirect) ?? '/dashboard' });
    },
    onError: ({ message }) => notify({ title: 'Authentication Failed', content: message, icon: 'error', color: 'red' }),
  });

  useEffect(() => {
    // An unknown partner has no login page: its visitors belong on the main site (spec 000 §2.3).
    if (isUnknown) void leaveApp(config.main_site_url);
  }, [isUnknown, config.main_site_url]);

  const shownSlug = partner?.slug ?? slug;
  return (
    <AuthCard
      partner={partner}
      title="Account Login"
      footer={partner && !isUnknown ? <PartnerInvitations slug={shownSlug} partnerSlug={search.partner_slug} /> : null}
    >
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        <TextField type="email" label="Email" autoComplete="username" required {...field('email')} />
        <TextField type="password" label="Password" autoComplete="current-password" required {...field('password')} />
        <div className="flex justify-end">
          <Link to="/forgot-password" search={{ partner_slug: search.partner_slug }} className={`text-sm ${linkClass}`}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
