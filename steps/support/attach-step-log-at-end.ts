type Definition = (this: unknown, ...args: unknown[]) => unknown;

/** A World that keeps the calls and checks of the step under way and attaches them together when it ends (world.ts). */
interface KeepsStepLog {
  flushStepLog(): void;
}

const keepsStepLog = (world: unknown): world is KeepsStepLog => typeof (world as Partial<KeepsStepLog> | undefined)?.flushStepLog === 'function';

/**
 * Part of cucumber's definition function wrapper (hooks.ts): when a step or hook ends — passed,
 * failed, blocked, sync or async — the calls it made are attached as one call log and its checks as
 * one list, on that step and before cucumber reports it finished (the summary blames the last call
 * before a failing step). Run hooks (BeforeAll, AfterAll) have no World and are left as they are.
 */
export function attachStepLogAtEnd(fn: Definition): Definition {
  return function (this: unknown, ...args: unknown[]) {
    const flush = () => {
      if (keepsStepLog(this)) this.flushStepLog();
    };
    let result: unknown;
    try {
      result = fn.apply(this, args);
    } catch (error) {
      flush();
      throw error;
    }
    if (!(result instanceof Promise)) {
      flush();
      return result;
    }
    return result.finally(flush);
  };
}
