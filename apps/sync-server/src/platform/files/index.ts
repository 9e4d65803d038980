import { defineModule } from '../../module';
import type { FileStore } from './file-store';
import { createFileStore } from './file-store';

/** The public entry of platform/files: other modules import only what is exported here. */
export { createFileStore, type FileStore } from './file-store';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    files: FileStore;
  }
}

export const filesModule = defineModule({
  name: 'files',
  services: ({ config }) => ({ files: createFileStore(config.uploadsDir) }),
});
