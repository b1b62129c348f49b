import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shrinkFailure, shrinkList, type Shows } from './shrink-list.js';

/** A failure that shows while the candidate holds every item of `needed`; counts the candidates tried. */
const needs = (needed: readonly number[]) => {
  const tried: number[][] = [];
  const shows = async (candidate: number[]): Promise<Shows> => {
    tried.push(candidate);
    return needed.every((n) => candidate.includes(n)) ? 'yes' : 'no';
  };
  return { tried, shows };
};
const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('shrinkList: the one shrinker, for steps as for requests sent at once', () => {
  it('drops chunks, halves first, down to single items, keeping what the failure needs in order', async () => {
    const { shows, tried } = needs([3, 9]);
    const shrunk = await shrinkList(list(12), shows, Date.now() + 60_000);
    assert.deepEqual(shrunk.items, [3, 9]);
    assert.equal(shrunk.cutShort, false);
    assert.ok(shrunk.shrinks >= 2 && tried.length < 40, `${shrunk.shrinks} shrinks, ${tried.length} candidates`);
    assert.ok(
      tried.every((c) => c.length > 0),
      'no empty candidate',
    );
  });

  it('stops at its time limit with the smallest list so far, and on a candidate cut short', async () => {
    const past = await shrinkList(list(8), needs([1]).shows, Date.now() - 1);
    assert.deepEqual(past, { items: list(8), shrinks: 0, cutShort: true });
    let calls = 0;
    const cut = await shrinkList(list(8), async () => (++calls === 1 ? 'yes' : 'cut-short'), Date.now() + 60_000);
    assert.deepEqual(cut, { items: [4, 5, 6, 7], shrinks: 1, cutShort: true });
  });

  it('a single item, or one the failure needs whole, stays as it is', async () => {
    assert.deepEqual((await shrinkList([7], needs([7]).shows, Date.now() + 1000)).items, [7]);
    assert.deepEqual((await shrinkList(list(3), needs([0, 1, 2]).shows, Date.now() + 1000)).items, [0, 1, 2]);
  });

  it('shrinkFailure keeps a candidate that shows the same signature within its tries, and the failure as the smallest showed it', async () => {
    const failure = { signature: 's', size: 6 };
    const runs = new Map<string, number>();
    // The failure needs item 2, and (a race) shows only on every second run of a candidate.
    const run = async (candidate: number[]) => {
      const n = (runs.get(candidate.join()) ?? 0) + 1;
      runs.set(candidate.join(), n);
      const shows = candidate.includes(2) && n % 2 === 0;
      return {
        cutShort: false,
        failures: shows
          ? [
              { signature: 's', size: candidate.length },
              { signature: 'other', size: 0 },
            ]
          : [],
      };
    };
    const twice = await shrinkFailure(list(6), failure, run, Date.now() + 60_000, 2);
    assert.deepEqual(twice.items, [2]);
    assert.deepEqual(twice.smallest, { signature: 's', size: 1 });
    runs.clear();
    const once = await shrinkFailure(list(6), failure, run, Date.now() + 60_000);
    assert.deepEqual(once, { items: list(6), shrinks: 0, cutShort: false, smallest: failure });
    const cut = await shrinkFailure(list(6), failure, async () => ({ cutShort: true }), Date.now() + 60_000);
    assert.equal(cut.cutShort, true);
  });
});
