// Per test file in scale-out mode: drop the databases and Redis prefixes the file's servers used.
import { afterAll } from 'vitest';
import { releaseAll } from './scaleout-backing';

afterAll(async () => {
  await releaseAll();
});
