// Once per scale-out test run: fail fast if PostgreSQL or Redis is missing, and clear what crashed runs left.
import { prepareScaleoutServices } from './scaleout-backing';

export default async function setup(): Promise<void> {
  await prepareScaleoutServices();
}
