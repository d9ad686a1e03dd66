// Once per scale-out test run: provide PostgreSQL and Redis (the ones given in TEST_PG_URL/DATABASE_URL and
// TEST_REDIS_URL/REDIS_URL, else throwaway servers started here and removed at the end), fail fast if they are
// unusable, and clear what crashed runs left.
import { prepareScaleoutServices } from './scaleout-backing';
import { provideScaleoutServices } from './scaleout-services';

export default async function setup(): Promise<() => Promise<void>> {
  const stopServices = await provideScaleoutServices((line) => console.log(`[scale-out] ${line}`));
  try {
    await prepareScaleoutServices();
  } catch (err) {
    await stopServices();
    throw err;
  }
  return stopServices;
}
