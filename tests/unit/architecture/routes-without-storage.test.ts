// Routes are adapters (docs/decisions/0320-use-cases-in-services.md): what a caller may download is decided by the
// download use case, which checks the owner and the deadline before a stored byte is opened. A route handed the blob
// store could skip that check; so routes are handed only a scratch path for bodies still arriving.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RouteDeps } from '#server/http/deps';
import type { BlobStore } from '#server/storage/blob-store';

const ROUTES = path.resolve(import.meta.dirname, '../../../src/server/http/routes');

describe('routes and stored files', () => {
  it('hands routes no blob store, only a scratch path for uploads', () => {
    type StoreMembers = { [K in keyof RouteDeps]: RouteDeps[K] extends BlobStore ? K : never }[keyof RouteDeps];
    expectTypeOf<StoreMembers>().toEqualTypeOf<never>();
    expectTypeOf<RouteDeps['uploadScratch']>().toEqualTypeOf<Pick<BlobStore, 'tempPath'>>();
  });

  it('has no route reading or writing storage by any other name', () => {
    const offenders = readdirSync(ROUTES)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /\b(openRead|createWriteStream|localCopy|\.size\(\s*'(result|original|preview|rendition)')/.test(readFileSync(path.join(ROUTES, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
