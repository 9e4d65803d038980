import { defineModule } from '../../module';
import { createSocialPostsRepository } from './social-posts.repository';
import { socialPostsRoutes } from './social-posts.routes';
import type { SocialPostsService } from './social-posts.service';
import { createSocialPostsService } from './social-posts.service';

/** The public entry of features/social-posts: other modules import only what is exported here. */
export { socialPostsRoutes } from './social-posts.routes';
export { createSocialPostsService, type SocialPostsService } from './social-posts.service';

// This module's part of the services every request carries (app-services.ts).
declare module '../../app-services' {
  interface Services {
    socialPosts: SocialPostsService;
  }
}

export const socialPostsModule = defineModule({
  name: 'social-posts',
  services: ({ db, services: { audit, files } }) => ({
    socialPosts: createSocialPostsService({ repo: createSocialPostsRepository(db), audit, files }),
  }),
  routes: socialPostsRoutes,
});
