/**
 * Stands in for vite-plugin-pwa's `virtual:pwa-register`, which exists only in the plugin's build, so tests can
 * import modules that reach the service worker's registration (the router's shell). It registers nothing.
 */
export function registerSW(_options?: unknown): (reloadPage?: boolean) => Promise<void> {
  return async () => {};
}
