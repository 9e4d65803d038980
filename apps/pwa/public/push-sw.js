/*
 * Web Push for the generated service worker (vite.config.ts imports this file with workbox importScripts).
 * A push carries JSON {title, body, url} (apps/sync-server push service); a click opens its link, only when
 * it points at this app's own origin.
 */

const FALLBACK_TITLE = 'SimVisit';
const HOME = '/dashboard';

/** A same-origin address for a link, else the dashboard. */
function sameOriginUrl(link) {
  try {
    const url = new URL(typeof link === 'string' && link ? link : HOME, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(HOME, self.location.origin).href;
  } catch {
    return new URL(HOME, self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : FALLBACK_TITLE;
  const body = typeof payload.body === 'string' ? payload.body : '';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameOriginUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        // A window of the app already open: bring it forward on the link (navigate works for controlled ones).
        const focused = await client.focus();
        if ('navigate' in focused) {
          const navigated = await focused.navigate(target).catch(() => null);
          if (navigated) return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
