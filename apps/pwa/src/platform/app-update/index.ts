export { applyUpdate, dismissUpdate, reloadForNewVersion, startServiceWorker, useAppUpdate } from './app-update';
