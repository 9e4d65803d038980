import { createLazyRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/profile/ProfilePage';

export const profileLazyRoute = createLazyRoute('/signed-in/profile')({ component: ProfilePage });
