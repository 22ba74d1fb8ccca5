// Parlour's service worker: "your turn" notices (Web Push, issue 75) and nothing else — no
// fetch handler, so the page's files come from the network exactly as before. Registered by the
// page's parlourPushSubscribe (index.html) when the player asks for notices. Each push is the
// server's notice as JSON, {id, title, body, url} (crates/server/src/notify/push.rs).

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Only this site's pages are opened from a notice.
const here = (url) => {
  try {
    const u = new URL(url || '/', self.location.origin);
    return u.origin === self.location.origin ? u.href : self.location.origin + '/';
  } catch (e) {
    return self.location.origin + '/';
  }
};

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (e) {
    notice = { body: event.data ? event.data.text() : '' };
  }
  // The notice's id is the notification's tag: one sent again (a reminder for the same turn)
  // takes the place of the first instead of piling up, and alerts again (renotify).
  const tag = typeof notice.id === 'string' && notice.id ? notice.id : 'parlour';
  event.waitUntil(self.registration.showNotification(notice.title || 'Parlour', {
    body: notice.body || '',
    tag,
    renotify: true,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: here(notice.url) },
  }));
});

// A click focuses a Parlour tab already open (the tab on the notice's page first; another is
// told the page in a message, {parlourNotice: url}, which the page queues for the game), or
// opens the notice's page.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = here(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = tabs.find((c) => c.url === url);
    const tab = same || tabs[0];
    if (tab) {
      if (!same) tab.postMessage({ parlourNotice: url });
      try {
        return await tab.focus();
      } catch (e) {
        // Focusing can be refused (no user activation carried over): open the page instead.
      }
    }
    return self.clients.openWindow(url);
  })());
});
