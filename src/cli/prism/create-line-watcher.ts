/**
 * A watcher fed a child's output chunk by chunk that reports, once, the first complete line
 * containing `marker`. Pipes cut output anywhere, so a marker split across two chunks (or a line
 * not yet ended) must neither be missed nor reported early: only whole lines are searched.
 *
 * @example
 * const sawListening = createLineWatcher('Prism is listening on');
 * child.stdout.on('data', (chunk: string) => { const line = sawListening(chunk); if (line) announce(line); });
 */
export function createLineWatcher(marker: string): (chunk: string) => string | undefined {
  let pending = '';
  let found = false;
  return (chunk) => {
    if (found) return undefined;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    const line = lines.find((candidate) => candidate.includes(marker));
    if (line === undefined) return undefined;
    found = true;
    pending = '';
    return line.replace(/\r$/, '');
  };
}
