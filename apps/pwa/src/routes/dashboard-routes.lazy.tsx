import { createLazyRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';

export const dashboardLazyRoute = createLazyRoute('/signed-in/dashboard')({ component: DashboardPage });
