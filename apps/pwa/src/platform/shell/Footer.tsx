import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { CookieSettingsDialog } from './shell-dialogs';

// A 44 px touch target on a phone (decision 0090); a plain line of links from sm up.
const linkClass =
  'inline-flex min-h-11 items-center hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 sm:min-h-0';

export function Footer() {
  const { product_name } = useAppConfig();
  const [cookieSettingsOpen, setCookieSettingsOpen] = useState(false);
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {product_name}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/contactus" className={linkClass}>
                Contact Us/Help
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" hash="cookies" className={linkClass}>
                Cookie Policy
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => setCookieSettingsOpen(true)} className={linkClass}>
                Cookie Settings
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <CookieSettingsDialog open={cookieSettingsOpen} onOpenChange={setCookieSettingsOpen} />
    </footer>
  );
}
