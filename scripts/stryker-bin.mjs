// Where Stryker's command line is: the package's exports map hides bin/, so its folder is found
// through package.json. Used by npm run mutation and npm run mutation:check-ignores.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const STRYKER_BIN = join(dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js');
