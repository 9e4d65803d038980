import { authApi, loginRequestSchema, resolvePartnerSlug, safeRedirectPath } from '@simvisit/schema';
import { Button, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { apiCall, errorMessage, isApiError } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { type FieldErrors, firstError, validate } from '../../lib/form-errors';
import { leaveApp } from '../../lib/leave-app';
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

/** The invitations under the form differ by partner (spec 000 §2.3); registration comes in a later release. */
function PartnerInvitations({ slug }: { slug: string }) {
  if (slug === 'sp' || slug === 'simclusive') {
    return (
      <>
        <p>
          <Link to="/contactus" className={linkClass}>
            Want to Become a Scenario Author?
          </Link>
        </p>
        <p>
          <Link to="/contactus" className={linkClass}>
            {slug === 'sp' ? 'Want to Become a SP?' : 'Request a Quote?'}
          </Link>
        </p>
      </>
    );
  }
  return (
    <p>
      <Link to="/contactus" className={linkClass}>
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    // An unknown partner has no login page: its visitors belong on the main site (spec 000 §2.3).
    if (isUnknown) void leaveApp(config.main_site_url);
  }, [isUnknown, config.main_site_url]);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(loginRequestSchema, { email, password, slug });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setSubmitting(true);
    try {
      await apiCall(authApi.login, { body: checked.data }, { onUnauthenticated: 'ignore' });
    } catch (error) {
      setSubmitting(false);
      setErrors(isApiError(error) ? error.errors : {});
      notify({ title: 'Authentication Failed', content: errorMessage(error), icon: 'error', color: 'red' });
      return;
    }
    const session = await fetchAuthUser();
    if (!session) {
      setSubmitting(false);
      return;
    }
    if (!session.partner) return leaveApp(config.main_site_url);
    setSession(queryClient, session);
    await router.navigate({ href: safeRedirectPath(search.redirect) ?? '/dashboard' });
  }

  const shownSlug = partner?.slug ?? slug;
  return (
    <AuthCard partner={partner} title="Account Login" footer={partner && !isUnknown ? <PartnerInvitations slug={shownSlug} /> : null}>
      <form className="space-y-5" onSubmit={signIn} noValidate>
        <TextField
          id="email"
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={firstError(errors, 'email')}
        />
        <TextField
          id="password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={firstError(errors, 'password')}
        />
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
