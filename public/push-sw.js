// Web push in the app's service worker (vite.config.ts imports this into the generated sw.js): the
// server's news (src/api/push.ts PushPayload) shown as a notification, and a click on it opening Alpha.

self.addEventListener('push', (event) => {
  let news = {}
  try {
    news = event.data ? event.data.json() : {}
  } catch {
    // not ours, or garbled: still a notification, as the browser requires of every push
  }
  event.waitUntil(
    self.registration.showNotification(news.title || 'Alpha', {
      body: news.body || '',
      tag: news.tag || undefined,
      icon: '/icons/pwa-192x192.png',
      data: { url: news.url || '/' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data?.url || '/', self.location.origin)
  event.waitUntil(
    (async () => {
      // an open window of the app takes the focus; else a new one opens
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === url.origin)
      if (open) {
        await open.focus()
        // only a window this worker controls can be navigated; another one is at least in front now
        if (new URL(open.url).pathname !== url.pathname) await open.navigate(url.href).catch(() => {})
        return
      }
      await self.clients.openWindow(url.href)
    })(),
  )
})
