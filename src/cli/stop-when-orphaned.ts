/** Options of {@link stopWhenOrphaned}; the defaults are the real process. */
export interface StopWhenOrphanedOptions {
  env?: NodeJS.ProcessEnv;
  /** How often the parent is looked at; default 100 ms. */
  intervalMs?: number;
  readParentPid?: () => number;
  /** What to do once the parent is gone; default: SIGTERM to this process. */
  stop?: () => void;
}

/**
 * Stops this process (SIGTERM to itself, so the command's own shutdown runs: the server closes,
 * Prism gets the signal forwarded) once the process that started it is gone — only when npm
 * started it (`npm_lifecycle_event` is set).
 *
 * Why: `npx mgmt-kit serve &` runs npm → `sh -c mgmt-kit …` → node. `kill $!` reaches npm, npm
 * forwards SIGTERM to the shell, the shell dies without passing it on, and node would keep the
 * port. All this process can see is that its parent changed. Outside npm a parent that goes away
 * is not a reason to stop (`nohup mgmt-kit serve &`). Returns a function that stops watching.
 */
export function stopWhenOrphaned(options: StopWhenOrphanedOptions = {}): () => void {
  const env = options.env ?? process.env;
  if (env['npm_lifecycle_event'] === undefined) return () => undefined;
  const readParentPid = options.readParentPid ?? (() => process.ppid);
  const stop = options.stop ?? (() => process.kill(process.pid, 'SIGTERM'));
  const parent = readParentPid();
  const timer = setInterval(() => {
    if (readParentPid() === parent) return;
    clearInterval(timer);
    stop();
  }, options.intervalMs ?? 100);
  timer.unref(); // watching must never keep a finished command alive
  return () => clearInterval(timer);
}
