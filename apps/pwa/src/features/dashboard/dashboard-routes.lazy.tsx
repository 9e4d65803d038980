import { createLazyRoute } from '@tanstack/react-router';
import { DashboardPage } from './DashboardPage';

export const dashboardLazyRoute = createLazyRoute('/signed-in/dashboard')({ component: DashboardPage });
