import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLineWatcher } from './run-prism.js';

const MARKER = 'Prism is listening on';
const LINE = '[11:46:27 PM] › [CLI] ▶  start     Prism is listening on http://127.0.0.1:4010';

describe('createLineWatcher', () => {
  // [name, chunks, the result of each feed]
  const rows: Array<[string, string[], Array<string | undefined>]> = [
    ['a whole line in one chunk', [`${LINE}\n`], [LINE]],
    ['the marker split across chunks', [LINE.slice(0, 30), `${LINE.slice(30)}\n`], [undefined, LINE]],
    ['a line without its newline yet is not reported early', [LINE, '\n'], [undefined, LINE]],
    ['other lines before it, in the same chunk', [`Starting Prism…\nGET /event\n${LINE}\nmore\n`], [LINE]],
    ['reported once only', [`${LINE}\n`, `${LINE}\n`], [LINE, undefined]],
    ['CRLF line ends', [`${LINE}\r\n`], [LINE]],
    ['never seen', ['Starting Prism…\n', 'fatal\n'], [undefined, undefined]],
  ];
  for (const [name, chunks, want] of rows) {
    it(name, () => {
      const watch = createLineWatcher(MARKER);
      assert.deepEqual(
        chunks.map((chunk) => watch(chunk)),
        want,
      );
    });
  }
});
