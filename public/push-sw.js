// The push service worker (issue 20): registered only when a person turns push on in their
// notification settings. It shows each notice and opens its page when clicked.
self.addEventListener("push", (event) => {
  let notice = { title: "", body: "", url: "/" };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    notice.body = event.data ? event.data.text() : "";
  }
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, data: { url: notice.url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url ?? "/"));
});
