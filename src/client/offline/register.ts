// Registers private mode's offline service worker (service-worker.js), once private mode is used: visitors who never
// switch it on download no codec and get no service worker.
export function registerOfflineWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Offline use is not available', error));
}

/**
 * Sign-out and account deletion: empties every offline cache of this site, so nothing the browser kept while the
 * person was signed in outlives their session (a shared computer), whichever worker version wrote it. The worker then
 * fills its cache again with what holds no person (the shell and the built files), so private mode still works offline.
 */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/') : undefined;
    registration?.active?.postMessage('refill-offline-cache');
  } catch (error) {
    // Cache Storage can be unavailable (some private windows); there is then nothing kept to clear.
    console.warn('Could not clear the offline cache', error);
  }
}
