import { BOOT_TURNS_ENV, takeBootTurn } from './boot-turns.js';

/**
 * Loaded by node's `--import` before cucumber in each worker of a run that takes turns
 * (run-conformance.ts): the worker goes on loading once its turn has come (boot-turns.ts). Without
 * the variable it goes on at once; a process the worker starts does not inherit the turn.
 */
export const endBootTurn = await takeBootTurn(process.env[BOOT_TURNS_ENV]);
delete process.env[BOOT_TURNS_ENV];
