/** Social media posts (spec 002 §2.10; docs/decisions/0057). */
export { socialPostsRoutes } from './social-posts-routes';
