import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReferenceCore } from '../core/index.js';
import { serializeStoreState } from './data-file.js';

test('the text parses to the state in the --seed shape, one record per line, an empty index as []', () => {
  const core = createReferenceCore({
    seed: {
      event: [
        { id: 'e1', kind: 'a' },
        { id: 'e2', geo: { lat: 1 }, text: 'line\nbreak' },
      ],
    },
  });
  const text = serializeStoreState(core.store);
  assert.deepEqual(JSON.parse(text), core.state());
  assert.equal(
    text,
    [
      '{',
      '"event": [',
      '  {"id":"e1","kind":"a"},',
      '  {"id":"e2","geo":{"lat":1},"text":"line\\nbreak"}',
      '],',
      '"network-link-type": [',
      `  ${JSON.stringify(core.store['network-link-type'].peek('p2p'))},`,
      `  ${JSON.stringify(core.store['network-link-type'].peek('slice'))}`,
      '],',
      '"agent": []',
      '}',
      '',
    ].join('\n'),
  );
});
