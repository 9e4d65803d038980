import { defineModule } from '../module';
import { createSyncRepository } from './sync.repository';
import { createSyncService } from './sync.service';

/** The sync engine's service; the replicated collections come from the modules that own them. */
export const syncModule = defineModule({
  name: 'sync',
  services: ({ db, services }) => ({ sync: createSyncService(createSyncRepository(db), { visitEvents: services.visitEvents }) }),
});
