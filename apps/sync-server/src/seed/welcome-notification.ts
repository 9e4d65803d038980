import type { NewNotification } from '../features/notifications';

/** The notification every demo account starts with; test-mode users get it on request (the bell's journeys). */
export const WELCOME_NOTIFICATION: NewNotification = {
  title: 'Welcome to SimVisit',
  content: 'Your account is ready. Use the menu to find your dashboard, profile and help.',
  icon: 'success',
  color: 'green',
  type: 'dismiss',
  payload: null,
};
