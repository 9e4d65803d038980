/**
 * Sends the browser to another site (a user without a partner goes to the product's main site).
 * The returned promise never settles: the page is unloading, so nothing after it should run.
 */
export function leaveApp(url: string): Promise<never> {
  window.location.replace(url);
  return new Promise<never>(() => {});
}
