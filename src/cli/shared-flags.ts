import type { FlagDeclarations, FlagValues } from './command/flag-declaration.js';

/**
 * Where the requests of conformance and fuzz go, and with which credentials: spread into each of
 * those commands, so a flag added here is a flag of all of them (read by {@link withTarget}).
 */
export const TARGET_FLAGS = {
  'base-url': { type: 'url', env: 'BASE_URL', description: 'the implementation under test; required unless --self-test' },
  token: { type: 'string', env: 'TOKEN', valueName: 'T', defaultNote: 'minted from --jwt-secret', description: 'JWT sent as Authorization on every call' },
  'jwt-secret': {
    type: 'string',
    env: 'JWT_SECRET',
    valueName: 'S',
    notEmpty: true,
    description: 'HS256 secret the target verifies with: mints the token when --token is absent and signs the expired and wrong-key tokens the checks send',
  },
  'self-test': { type: 'boolean', description: 'start the reference server on a free port with a fresh secret and run against it, with --allow-destructive' },
} as const satisfies FlagDeclarations;

/** The values of {@link TARGET_FLAGS}. */
export type TargetFlags = FlagValues<typeof TARGET_FLAGS>;

/** `--report-dir DIR` (default `reports`), naming what goes there. */
export function reportDirFlag(what: string) {
  return { type: 'string', valueName: 'DIR', default: 'reports', description: `where ${what} go` } as const;
}
