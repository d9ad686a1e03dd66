// Private mode offline: registered when private mode is first switched on, this caches the app and the codecs so
// that, after one visit, the tool compresses on this device with the network cut off. It caches only our own built
// files and the page itself: never an API response, never an image (private mode never sends one anyway).
// The build (vite.config.ts) replaces PRECACHE with the built assets' names and VERSION with their hash.
const PRECACHE = /*PRECACHE*/ [];
const VERSION = '/*VERSION*/';
const CACHE = `imagesqueeze-offline-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['/', ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('imagesqueeze-offline-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Hashed assets never change: from the cache, else the network.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
    return;
  }
  // The page: the network first (fresh sign-in state and build), the cached tool page when offline.
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: CACHE }).then((hit) => hit ?? Response.error())));
  }
});
