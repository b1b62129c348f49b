import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutUtf8, LONG_IDS } from './probe-store-limits.js';

describe('the long ids of the probe', () => {
  it('cutUtf8 keeps at most the bytes asked, dropping a character split at the edge', () => {
    const table: Array<[string, number, string]> = [
      ['abc', 2, 'ab'],
      ['aé', 2, 'a'],
      ['aé', 3, 'aé'],
      ['éé', 3, 'é'],
      ['', 5, ''],
    ];
    for (const [text, bytes, cut] of table) assert.equal(cutUtf8(text, bytes), cut, `${text} at ${bytes}`);
  });

  it('each id is longer than the key width its cut stands for, and its cut is a shorter id of the run', () => {
    const prefix = 'fz-abc123-';
    const [ascii, utf8] = LONG_IDS.map((l) => ({ id: l.id(prefix), cut: l.cut(l.id(prefix)) }));
    assert.equal(ascii!.id.length, 300);
    assert.equal(ascii!.cut.length, 255);
    assert.equal([...utf8!.id].length, 300);
    const bytes = Buffer.byteLength(utf8!.id, 'utf8');
    assert.ok(bytes > 550 && bytes <= 600, `${bytes} bytes`);
    assert.ok(Buffer.byteLength(utf8!.cut, 'utf8') <= 512 && Buffer.byteLength(utf8!.cut, 'utf8') > 510);
    for (const { id, cut } of [ascii!, utf8!]) {
      assert.ok(id.startsWith(prefix) && cut.startsWith(prefix));
      assert.notEqual(cut, id);
    }
  });
});
