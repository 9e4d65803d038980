import { DEFAULT_LOGO } from '@simvisit/schema';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { EmptyLayout } from './EmptyLayout';

/** Contact, legal and error pages for someone not signed in: the empty layout with a way back to login. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { product_name } = useAppConfig();
  return (
    <EmptyLayout>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <Link to="/login" className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-500">
            <img src={DEFAULT_LOGO} alt={product_name} className="h-[45px] w-auto" />
          </Link>
          <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
            Back to Login
          </Link>
        </div>
        {children}
      </div>
    </EmptyLayout>
  );
}
