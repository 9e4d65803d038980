import { createLazyRoute } from '@tanstack/react-router';
import { InstitutionsPage } from './InstitutionsPage';

export const institutionsLazyRoute = createLazyRoute('/signed-in/management/institutions')({ component: InstitutionsPage });
