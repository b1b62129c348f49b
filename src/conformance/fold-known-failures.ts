import { Writable } from 'node:stream';
import type { BaselineEntry } from './baseline.js';

const BLOCK_START = /^\d+\) Scenario(?: Outline)?: (.*?) # \S+$/;
const SUMMARY_LINE = /^\d+ scenarios? \(/;

/**
 * A console sink for cucumber's `progress` output under `--baseline`: a failure the baseline
 * lists is printed as one line with its reason instead of its steps and attachments (dozens of
 * lines each); a failure it does not list, and everything else, passes through as written —
 * or, with `dropUnlisted`, is left out: the command then prints each failing rule once, with its
 * first failure and a count (format-run-report.ts), and the full text stays in the reports.
 * `flush()` writes what is still held (cucumber does not end the stream).
 */
export function foldKnownFailures(
  out: NodeJS.WritableStream,
  known: readonly BaselineEntry[],
  options: { dropUnlisted?: boolean } = {},
): Writable & { flush(): void } {
  const reasons = new Map(known.map((e) => [e.scenario, e.reason]));
  let inFailures = false;
  let partial = '';
  let block: string[] = [];

  const emitBlock = () => {
    if (block.length === 0) return;
    const [first = ''] = block;
    const match = BLOCK_START.exec(first);
    const reason = match ? reasons.get(match[1]!) : undefined;
    const number = first.split(')')[0];
    if (reason !== undefined) out.write(`${number}) known deviation (baseline): ${match![1]} — ${reason}\n\n`);
    else if (!options.dropUnlisted) out.write(`${block.join('\n')}\n`);
    block = [];
  };

  const line = (text: string) => {
    if (!inFailures) {
      if (text === 'Failures:') inFailures = true;
      if (!(inFailures && options.dropUnlisted)) out.write(`${text}\n`);
      return;
    }
    if (BLOCK_START.test(text) || SUMMARY_LINE.test(text)) emitBlock();
    if (SUMMARY_LINE.test(text)) {
      inFailures = false;
      out.write(`${text}\n`);
    } else if (block.length > 0 || BLOCK_START.test(text)) block.push(text);
    else if (!options.dropUnlisted) out.write(`${text}\n`);
  };

  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(line);
      done();
    },
  });
  return Object.assign(sink, {
    flush() {
      if (partial !== '') line(partial);
      partial = '';
      emitBlock();
    },
  });
}
