// The major version of the msw this process loads: the handlers' tests expect msw 3 to lose a
// GET body in Node (it keeps no raw stream of it), where msw 2 lets the handlers recover it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { version } = JSON.parse(readFileSync(require.resolve('msw/package.json'), 'utf8')) as { version: string };

/** e.g. 2 for msw 2.15.0. */
export const MSW_MAJOR = Number(version.split('.')[0]);

/** True when msw gives handlers no way to read a GET body in Node (msw 3 and later). */
export const MSW_DROPS_GET_BODY = MSW_MAJOR >= 3;
