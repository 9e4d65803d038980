import { defineModule } from '../../module';
import type { ArticlesService } from './articles.service';
import { createArticlesService } from './articles.service';
import { createLandingPagesRepository } from './landing-pages.repository';
import { landingPagesRoutes } from './landing-pages.routes';
import type { LandingPagesService } from './landing-pages.service';
import { createLandingPagesService } from './landing-pages.service';

/** The public entry of features/landing-pages: other modules import only what is exported here. */
export { type ArticlesService, createArticlesService } from './articles.service';
export { createLandingPagesRepository } from './landing-pages.repository';
export { landingPagesRoutes } from './landing-pages.routes';
export { createLandingPagesService, type LandingPagesService } from './landing-pages.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    articles: ArticlesService;
    landingPages: LandingPagesService;
  }
}

export const landingPagesModule = defineModule({
  name: 'landing-pages',
  services: ({ db, services }) => {
    const repo = createLandingPagesRepository(db);
    return {
      articles: createArticlesService({ repo, audit: services.audit, files: services.files }),
      landingPages: createLandingPagesService({ repo, audit: services.audit, files: services.files, objectAccess: services.objectAccess }),
    };
  },
  routes: landingPagesRoutes,
});
