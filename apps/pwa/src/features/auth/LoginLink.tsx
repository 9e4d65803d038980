import { Link } from '@tanstack/react-router';
import { useAppConfig } from '../../lib/app-config';

/** A link to the login page of the same partner (the subdomain names it when there is one). */
export function LoginLink({ slug, children }: { slug: string; children: string }) {
  const { host_partner_slug } = useAppConfig();
  return (
    <Link
      to="/login"
      search={{ partner_slug: host_partner_slug ? undefined : slug }}
      className="font-medium text-brand-700 hover:underline"
    >
      {children}
    </Link>
  );
}
