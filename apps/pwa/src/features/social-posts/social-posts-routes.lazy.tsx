import { createLazyRoute } from '@tanstack/react-router';
import { SocialPostsPage } from './SocialPostsPage';

export const socialMediaLazyRoute = createLazyRoute('/signed-in/management/social-media')({ component: SocialPostsPage });
