import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shrinkList, type Shows } from './shrink-list.js';

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
});
