// `mgmt-kit <command> --help` at 80 columns (a terminal of that width, and a pipe, where
// commander assumes 80) and at 120: no line broken before it had to be (text wrapped twice: by
// hand in the source, then again by the terminal), none wider than the terminal, every word kept.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { COMMAND_MODULES, createProgram } from '../main.js';
import { displayWidth, hangingIndent, wrapHelpText } from './help-wrap.js';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;

/**
 * The places where help breaks a line early: a line followed by its continuation (the next line
 * starts at the line's hanging indent) whose first word would still have fitted. A line ending in
 * `:` (a heading) or `\` (a shell line continued) may stop anywhere.
 */
function findEarlyBreaks(help: string, width: number): string[] {
  const lines = help.split('\n');
  const found: string[] = [];
  for (let i = 0; i + 1 < lines.length; i += 1) {
    const [line, next] = [lines[i]!.trimEnd(), lines[i + 1]!];
    if (line.trim() === '' || next.trim() === '' || /[:\\]$/.test(line)) continue;
    if (/^\s*/.exec(next)![0].length !== hangingIndent(line)) continue;
    const firstWord = next.trim().split(/\s+/)[0]!;
    if (displayWidth(line) + 1 + displayWidth(firstWord) <= width) found.push(`${line} ⏎ ${next.trim()}`);
  }
  return found;
}

/** Lines wider than the terminal, unless they are one word past their indent (a URL, a path). */
const tooWide = (help: string, width: number) => help.split('\n').filter((line) => displayWidth(line) > width && /\S\s+\S/.test(line.trim()));
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

async function helpAt(name: string | undefined, width: number): Promise<string> {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), exitCode: 0 };
  const program = await createProgram(io);
  const command = name === undefined ? program : program.commands.find((c) => c.name() === name)!;
  command.configureOutput({ getOutHelpWidth: () => width });
  return command.helpInformation();
}

const NAMES = [undefined, ...COMMAND_MODULES.map(([name]) => name)];

describe('wrapHelpText', () => {
  it('wraps a paragraph at spaces, and a table row under its text column', () => {
    const text = `${'word '.repeat(20).trim()}\n\n  130, 143  interrupted (SIGINT, SIGTERM): the summary says the run did not finish`;
    assert.equal(
      wrapHelpText(text, 40),
      [
        'word word word word word word word word',
        'word word word word word word word word',
        'word word word word',
        '',
        '  130, 143  interrupted (SIGINT,',
        '            SIGTERM): the summary says',
        '            the run did not finish',
      ].join('\n'),
    );
  });
  it('keeps lines that fit, and wraps nothing below 40 columns (as commander)', () => {
    assert.equal(wrapHelpText('short\n  0  row', 80), 'short\n  0  row');
    assert.equal(wrapHelpText('x '.repeat(30), 30), 'x '.repeat(30));
  });
  it('finds the early break that text wrapped by hand at 100 columns leaves at 80', () => {
    const byHand =
      'Runs the conformance features (features/*.feature) against any implementation of the management\nservice. Every id the suite creates starts with a per-run prefix (mk-xxxxxx-) and is deleted';
    assert.deepEqual(findEarlyBreaks(wrapHelpText(byHand, 80), 80), [
      'the management ⏎ service. Every id the suite creates starts with a per-run prefix (mk-xxxxxx-)',
    ]);
    assert.deepEqual(findEarlyBreaks(wrapHelpText(byHand.replace('\n', ' '), 80), 80), []);
  });
});

describe('every command --help', () => {
  for (const name of NAMES) {
    const label = `mgmt-kit ${name ?? ''} --help`.replace('  ', ' ');
    for (const width of [80, 120]) {
      it(`${label} at ${width} columns: no early break, no line wider than the terminal`, async () => {
        const help = await helpAt(name, width);
        assert.deepEqual(findEarlyBreaks(help, width), []);
        assert.deepEqual(tooWide(help, width), []);
        // Nothing lost or added by wrapping: the same words as unwrapped (a very wide terminal).
        assert.deepEqual(words(help), words(await helpAt(name, 10_000)));
      });
    }
    it(`${label} in a pipe (no TTY: 80 columns): the same text as at 80 columns`, async () => {
      const piped = spawnSync(process.execPath, [BIN, ...(name === undefined ? [] : [name]), '--help'], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(piped.status, 0, piped.stderr);
      assert.equal(piped.stdout, await helpAt(name, 80));
      assert.deepEqual(findEarlyBreaks(piped.stdout, 80), []);
    });
  }
});
