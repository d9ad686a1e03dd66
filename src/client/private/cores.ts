// How private mode shares the device's cores: at most MAX_WORKERS codec workers, one core always left to the page
// (its thread must stay responsive), and libvips's threads in each worker within what is left.
export const MAX_WORKERS = 2;

export const workerCount = (cores: number | undefined = globalThis.navigator?.hardwareConcurrency) => Math.max(1, Math.min(MAX_WORKERS, (cores ?? 2) - 1));

/** libvips threads per worker: the cores left to the workers, shared between them (one on a two-core device). */
export const threadsPerWorker = (cores: number | undefined = globalThis.navigator?.hardwareConcurrency) =>
  Math.max(1, Math.floor(((cores ?? 2) - 1) / workerCount(cores)));
