import { createLazyRoute } from '@tanstack/react-router';
import { DatesPage } from './DatesPage';
import { SeatsPage } from './SeatsPage';

export const seatsLazyRoute = createLazyRoute('/signed-in/management/seats')({ component: SeatsPage });
export const datesLazyRoute = createLazyRoute('/signed-in/management/dates')({ component: DatesPage });
