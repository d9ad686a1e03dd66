#!/usr/bin/env node
// The `imagesqueeze` command: runs the TypeScript client (src/cli) through tsx, a dependency of this package.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/index.ts');
