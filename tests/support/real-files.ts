// Real files made by others (tests/fixtures/real/, sources and licences in its SOURCES.md).
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

export const realFilePath = (name: string) => path.join(REPO_ROOT, 'tests/fixtures/real', name);
export const readRealFile = (name: string) => fs.readFileSync(realFilePath(name));
