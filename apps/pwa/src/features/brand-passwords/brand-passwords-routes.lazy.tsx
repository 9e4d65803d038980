import { createLazyRoute } from '@tanstack/react-router';
import { PasswordsPage } from './PasswordsPage';

export const managementPasswordsLazyRoute = createLazyRoute('/signed-in/management/passwords')({ component: PasswordsPage });
