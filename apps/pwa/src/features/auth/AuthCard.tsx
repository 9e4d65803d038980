import type { PartnerSingleResponse } from '@simvisit/schema';
import { Card, CardBody } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { PartnerLogo } from '../../platform/shell';

export interface AuthCardProps {
  partner: PartnerSingleResponse | undefined;
  title: string;
  children: ReactNode;
  /** Links under the card. */
  footer?: ReactNode;
  /** A long form (the application) gets more width. */
  wide?: boolean;
}

/** The branded card of the login, forgot-password and reset-password pages. */
export function AuthCard({ partner, title, children, footer, wide = false }: AuthCardProps) {
  const { product_name } = useAppConfig();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        {/* The partner's banner colour behind its logo (decision 0056); none is transparent. */}
        <div
          className="mb-6 flex min-h-[45px] justify-center rounded-md"
          style={partner?.colour ? { backgroundColor: `#${partner.colour}`, padding: '8px' } : undefined}
          data-testid="auth-logo-strip"
        >
          {partner ? <PartnerLogo partner={partner} name={partner.long_name || product_name} /> : null}
        </div>
        <Card>
          <CardBody padding="lg" className="space-y-6">
            <h1 className="text-center text-xl font-semibold text-slate-900">{title}</h1>
            {children}
          </CardBody>
        </Card>
        {footer ? <div className="mt-6 space-y-2 text-center text-sm">{footer}</div> : null}
      </div>
    </div>
  );
}
