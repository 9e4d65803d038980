import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { ArticlesPage } from './ArticlesPage';
import { LandingPagesListPage } from './LandingPagesListPage';
import { PartnerConfigPage } from './PartnerConfigPage';
import { PublicLandingPage } from './PublicLandingPage';
import { WelcomeMessagesPage } from './WelcomeMessagesPage';

export const articlesLazyRoute = createLazyRoute('/signed-in/management/articles')({ component: ArticlesPage });
export const welcomeMessagesLazyRoute = createLazyRoute('/signed-in/management/welcome-messages')({ component: WelcomeMessagesPage });
export const landingPagesLazyRoute = createLazyRoute('/signed-in/management/partners')({ component: LandingPagesListPage });
export const partnerConfigLazyRoute = createLazyRoute('/signed-in/management/partner/$partner_id')({ component: PartnerConfigRoute });
export const publicLandingLazyRoute = createLazyRoute('/empty/p/$slug')({ component: PublicLandingRoute });

function PartnerConfigRoute(): ReactElement {
  const id = parseId(partnerConfigLazyRoute.useParams().partner_id);
  if (id === null) return <ErrorPage code="404" />;
  return <PartnerConfigPage key={id} partnerId={id} />;
}

function PublicLandingRoute(): ReactElement {
  const { slug } = publicLandingLazyRoute.useParams();
  return <PublicLandingPage key={slug} slug={slug} />;
}
