// Private mode offline: registered when private mode is first switched on, this caches the app and the codecs so
// that, after one visit, the tool compresses on this device with the network cut off. It caches only our own built
// files and the offline shell, the tool page served for nobody: never a page served to a signed-in person (it carries
// their id, email and name), never an API response, never an image (private mode never sends one anyway).
// Sign-out and account deletion empty these caches (register.ts); the worker then fills them again with what holds
// no person (docs/decisions/0532-offline-shell-holds-no-person.md).
// The build (scripts/build-service-worker.ts) replaces PRECACHE with the built assets' names, VERSION with their
// hash and SHELL and PRIVATE_SHELL with the shells' paths (the tool page and the private page, each for nobody).
const PRECACHE = /*PRECACHE*/ [];
const VERSION = '/*VERSION*/';
const SHELL = '/*SHELL*/';
const PRIVATE_SHELL = '/*PRIVATE_SHELL*/';
const PREFIX = 'imagesqueeze-offline-';
const CACHE = `${PREFIX}${VERSION}`;

// The shell is asked for without cookies: whatever it is, it cannot be anyone's page.
const precache = () =>
  caches.open(CACHE).then((cache) => cache.addAll([new Request(SHELL, { credentials: 'omit' }), new Request(PRIVATE_SHELL, { credentials: 'omit' }), ...PRECACHE]));

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// After sign-out or account deletion the page has emptied every offline cache; fill ours again, person-free. A page
// asked for while that refill runs waits for it (below): the shell is on its way, not missing.
let refilling = Promise.resolve();
self.addEventListener('message', (event) => {
  if (event.data !== 'refill-offline-cache') return;
  refilling = precache().catch(() => undefined);
  event.waitUntil(refilling);
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
  // A page: always the network (fresh sign-in state and build); offline, a shell, which shows nobody signed in.
  if (request.mode === 'navigate') {
    // The private page has a shell of its own: it carries the isolation headers the tool page does not.
    const shell = url.pathname.replace(/\/$/, '') === '/private' ? PRIVATE_SHELL : SHELL;
    event.respondWith(
      fetch(request).catch(() => refilling.then(() => caches.match(shell, { cacheName: CACHE })).then((hit) => hit ?? Response.error())),
    );
  }
});
