import { createLazyRoute } from '@tanstack/react-router';
import { ProfilePage } from './ProfilePage';

export const profileLazyRoute = createLazyRoute('/signed-in/profile')({ component: ProfilePage });
