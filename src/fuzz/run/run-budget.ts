/** Time given after `--time-budget` to delete the run's records (and restore others' after --allow-destructive). */
export const CLEAN_UP_ALLOWANCE_MS = 5000;
/** The clean-up allowance of a run that ended early (interrupted, or its target stopped), from that moment. */
export const INTERRUPTED_CLEAN_UP_MS = 3000;
/** Time given after the clean-up for the final read that counts what the run left behind. */
export const FINAL_READ_ALLOWANCE_MS = 2000;

/**
 * When each phase of a run must be over (epoch ms). Every request carries the end of its phase:
 * one still in flight then is aborted, so a target that answers slowly or not at all cannot
 * stretch the run. The whole run ends by `finalReadUntil`, a few seconds after the budget.
 */
export interface RunBudget {
  /** Generating and shrinking sequences stop here (the `--time-budget`). */
  readonly fuzzUntil: number;
  /** Deleting the run's records stops here. */
  readonly cleanUpUntil: number;
  /** The final read of every index stops here. */
  readonly finalReadUntil: number;
}

export function createRunBudget(startedAt: number, timeBudgetMs: number, cleanUpAllowanceMs = CLEAN_UP_ALLOWANCE_MS): RunBudget {
  const fuzzUntil = startedAt + timeBudgetMs;
  const cleanUpUntil = fuzzUntil + cleanUpAllowanceMs;
  return { fuzzUntil, cleanUpUntil, finalReadUntil: cleanUpUntil + FINAL_READ_ALLOWANCE_MS };
}
