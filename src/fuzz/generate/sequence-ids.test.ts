import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BULK_SLOT_BASE, createSequenceIds, ID_STYLES } from './sequence-ids.js';

test('slot ids: style 0 is the plain pair; each other style gives slots 0 and 1 its two endings', () => {
  const ids = createSequenceIds('fz-abc123-', 4);
  assert.equal(ids.slotId('agent', 0), 'fz-abc123-4-a0');
  assert.equal(ids.slotId('agent', 1), 'fz-abc123-4-a1-é');
  for (const [style, [zero, one]] of ID_STYLES.entries()) {
    if (style === 0) continue;
    assert.equal(ids.slotId('event', style * 10), `fz-abc123-4-e${zero}`);
    assert.equal(ids.slotId('event', style * 10 + 1), `fz-abc123-4-e${one}`);
  }
  assert.equal(ids.slotId('network-link-type', BULK_SLOT_BASE + 7), 'fz-abc123-4-nb7');
});

test('id styles: each pair is two different exact strings, under the prefix, and no id holds "/"', () => {
  for (const [zero, one] of ID_STYLES) {
    assert.notEqual(zero, one);
    assert.ok(!zero.includes('/') && !one.includes('/'));
  }
  const folded = (fold: (s: string) => string) => ID_STYLES.some(([zero, one]) => fold(zero) === fold(one));
  assert.ok(
    folded((s) => s.toLowerCase()),
    'a pair that differs only by letter case',
  );
  assert.ok(
    folded((s) => s.normalize('NFC')),
    'a pair that differs only by Unicode normalization',
  );
  assert.ok(
    folded((s) => s.trim()),
    'a pair that differs only by a trailing space',
  );
});
