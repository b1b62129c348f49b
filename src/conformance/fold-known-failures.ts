import { Writable } from 'node:stream';
import type { BaselineEntry } from './baseline.js';

const BLOCK_START = /^\d+\) Scenario(?: Outline)?: (.*?) # \S+$/;
const SUMMARY_LINE = /^\d+ scenarios? \(/;

/**
 * A console sink for cucumber's `progress` output under `--baseline`: a failure the baseline
 * lists is printed as one line with its reason instead of its steps and attachments (dozens of
 * lines each); a failure it does not list, and everything else, passes through as written.
 * `flush()` writes what is still held (cucumber does not end the stream).
 */
export function foldKnownFailures(out: NodeJS.WritableStream, known: readonly BaselineEntry[]): Writable & { flush(): void } {
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
    out.write(reason === undefined ? `${block.join('\n')}\n` : `${number}) known deviation (baseline): ${match![1]} — ${reason}\n\n`);
    block = [];
  };

  const line = (text: string) => {
    if (!inFailures) {
      out.write(`${text}\n`);
      if (text === 'Failures:') inFailures = true;
      return;
    }
    if (BLOCK_START.test(text) || SUMMARY_LINE.test(text)) emitBlock();
    if (SUMMARY_LINE.test(text)) {
      inFailures = false;
      out.write(`${text}\n`);
    } else if (block.length > 0 || BLOCK_START.test(text)) block.push(text);
    else out.write(`${text}\n`);
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
