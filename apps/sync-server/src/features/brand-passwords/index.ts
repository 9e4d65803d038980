import { defineModule } from '../../module';
import { createBrandPasswordsRepository } from './brand-passwords.repository';
import { brandPasswordsRoutes } from './brand-passwords.routes';
import type { BrandPasswordsService } from './brand-passwords.service';
import { createBrandPasswordsService } from './brand-passwords.service';

/** The public entry of features/brand-passwords: other modules import only what is exported here. */
export { brandPasswordsRoutes } from './brand-passwords.routes';
export { type BrandPasswordsService, createBrandPasswordsService } from './brand-passwords.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    brandPasswords: BrandPasswordsService;
  }
}

export const brandPasswordsModule = defineModule({
  name: 'brand-passwords',
  services: ({ db, config, services }) => ({
    brandPasswords: createBrandPasswordsService({ repo: createBrandPasswordsRepository(db), mail: services.mail, config }),
  }),
  routes: brandPasswordsRoutes,
  jobs: [{ name: 'passcodesRotated', cadence: 'rules', run: (services, now) => services.brandPasswords.rotateDue(now) }],
});
