import { createLazyRoute } from '@tanstack/react-router';
import { PreApprovedEmailsPage } from './PreApprovedEmailsPage';

export const preApprovedLazyRoute = createLazyRoute('/signed-in/management/pre-approved')({ component: PreApprovedEmailsPage });
