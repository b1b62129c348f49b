import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  ADMIN_PREFIX,
  FAULT_DELAY_HEADER,
  FAULT_STATUS_HEADER,
  parseDelayRange,
  readCorsOrigin,
  type CorsOptions,
  type DelayRange,
} from '../../server/index.js';

/** The `serve` flags `--data` works with. */
export interface DataFlags {
  data?: string | undefined;
  seed?: string | undefined;
  watch?: boolean | undefined;
}

function isSameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const statA = statSync(a, { throwIfNoEntry: false });
  const statB = statSync(b, { throwIfNoEntry: false });
  // Another name for the same file: a link, or a path through a symbolic link.
  return statA !== undefined && statB !== undefined && statA.dev === statB.dev && statA.ino === statB.ino;
}

/**
 * What `--data` refuses, as a message for exit 2: `--watch` on a `--seed` file that is also the
 * `--data` file would reload every write the server makes and reset the state to it, forever.
 * (`--seed F --data F` without `--watch` is fine: F is loaded, and a reset goes back to F as
 * it was at start, plus the preload.)
 */
export function findDataFlagProblem(flags: DataFlags): string | undefined {
  if (flags.data === undefined || flags.seed === undefined || !flags.watch) return undefined;
  if (!isSameFile(flags.data, flags.seed)) return undefined;
  return '--watch reloads the --seed file, which is also the --data file the server writes: give --data another file, or drop --watch';
}

/** The `serve` flags of the frontend controls, as commands/serve.ts declares them (an absent switch is undefined). */
export interface FrontendFlags {
  cors: boolean;
  corsOrigin: string[];
  admin?: boolean | undefined;
  delay?: string | undefined;
  watch?: boolean | undefined;
  seed?: string | undefined;
}

/** What `startReferenceServer` gets from those flags. */
export interface FrontendServerOptions {
  cors: CorsOptions | false;
  admin: boolean;
  delay?: DelayRange;
}

/**
 * Checks the frontend flags together and turns them into server options: each `--cors-origin`
 * must be an origin, and needs CORS on; `--delay` must read as a time or a range; `--watch`
 * needs `--seed`. A problem is a message for exit 2.
 */
export function readFrontendFlags(flags: FrontendFlags): { ok: true; options: FrontendServerOptions } | { ok: false; error: string } {
  if (!flags.cors && flags.corsOrigin.length > 0) return { ok: false, error: '--cors-origin needs CORS on: drop --cors=false' };
  const origins: string[] = [];
  for (const text of flags.corsOrigin) {
    const origin = readCorsOrigin(text);
    if (!origin.ok) return { ok: false, error: origin.error };
    origins.push(origin.origin);
  }
  if (flags.watch && flags.seed === undefined) return { ok: false, error: '--watch needs --seed FILE (the file to reload)' };
  const cors: CorsOptions | false = !flags.cors ? false : { origins: origins.length > 0 ? origins : '*' };
  const admin = flags.admin === true;
  if (flags.delay === undefined) return { ok: true, options: { cors, admin } };
  const delay = parseDelayRange(flags.delay);
  if (!delay.ok) return { ok: false, error: `--${delay.error}` };
  return { ok: true, options: { cors, admin, delay: delay.range } };
}

/** Banner lines for the frontend controls: CORS always, admin routes, delay and watch when on. */
export function formatFrontendBanner(url: string, flags: FrontendFlags): string {
  const origins = flags.corsOrigin.map((o) => readCorsOrigin(o)).flatMap((o) => (o.ok ? [o.origin] : []));
  const lines = [`  cors:  ${!flags.cors ? 'off (--cors=false)' : origins.length > 0 ? origins.join(', ') : 'any origin'}`];
  if (flags.admin) {
    lines.push(
      `  admin: page ${url}${ADMIN_PREFIX}/`,
      `         POST ${url}${ADMIN_PREFIX}/reset   GET|PUT ${url}${ADMIN_PREFIX}/state`,
      `         GET|DELETE ${url}${ADMIN_PREFIX}/requests   GET|POST|DELETE ${url}${ADMIN_PREFIX}/faults`,
      `         headers ${FAULT_STATUS_HEADER}: <status>  ${FAULT_DELAY_HEADER}: <time>`,
    );
  }
  if (flags.delay !== undefined) lines.push(`  delay: ${flags.delay} before every answer`);
  if (flags.watch && flags.seed !== undefined) lines.push(`  watch: ${flags.seed} (reloaded when it changes)`);
  return `${lines.join('\n')}\n`;
}
