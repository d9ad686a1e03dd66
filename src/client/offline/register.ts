// Registers private mode's offline service worker (service-worker.js), once private mode is used: visitors who never
// switch it on download no codec and get no service worker.
export function registerOfflineWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Offline use is not available', error));
}
