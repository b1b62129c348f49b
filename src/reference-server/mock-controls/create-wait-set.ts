/** Waits that can be dropped all at once; see {@link createWaitSet}. */
export interface WaitSet {
  wait(ms: number): Promise<void>;
  /** Clears every pending timer; those waits never resolve (their requests are gone with the server). */
  cancelAll(): void;
}

/**
 * Timers for delayed answers that a closing server drops, so a pending `x-mgmt-kit-delay: 2m`
 * cannot keep a stopped process alive. (Not unref'd timers: under msw in Node a pending delay
 * may be the only thing that keeps a test process running, and it must.)
 */
export function createWaitSet(): WaitSet {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
    cancelAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
