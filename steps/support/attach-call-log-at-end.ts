type Definition = (this: unknown, ...args: unknown[]) => unknown;

/** A World that keeps the calls of the step under way and attaches them as one call log (world.ts). */
interface KeepsCallLog {
  flushCallLog(): void;
}

const keepsCallLog = (world: unknown): world is KeepsCallLog => typeof (world as Partial<KeepsCallLog> | undefined)?.flushCallLog === 'function';

/**
 * Part of cucumber's definition function wrapper (hooks.ts): when a step or hook ends — passed,
 * failed, blocked, sync or async — the calls it made are attached as one call log, on that step
 * and before cucumber reports it finished (the summary blames the last call before a failing
 * step). Run hooks (BeforeAll, AfterAll) have no World and are left as they are.
 */
export function attachCallLogAtEnd(fn: Definition): Definition {
  return function (this: unknown, ...args: unknown[]) {
    const flush = () => {
      if (keepsCallLog(this)) this.flushCallLog();
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
