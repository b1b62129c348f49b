import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { leafUpdate } from './leaf-update.js';

const agent = {
  id: 'a1',
  fuzz_marker: 'm',
  description: 'text',
  origin: { host: 'h', port: 80 },
  actions: [{ id: 'e1', status: 'started', config: { cmd: 'run', args: ['-v'], daemon: true } }],
  parameters: [{ id: 'p1', type: 'string', config: { schema: 'yaml', path: ['a', 'b'] } }],
};

describe('leafUpdate: one scalar leaf of the record changed, at any depth', () => {
  const all = Array.from({ length: 10 }, (_, pick) => leafUpdate(agent, pick)!);

  it('visits every changeable leaf, never an id, the marker or an enumeration', () => {
    assert.deepEqual([...new Set(all.map((u) => u.description))].sort(), [
      'actions[id=e1].config.args.0',
      'actions[id=e1].config.cmd',
      'actions[id=e1].config.daemon',
      'description',
      'origin.host',
      'origin.port',
      'parameters[id=p1].config.path.0',
      'parameters[id=p1].config.path.1',
    ]);
  });

  it('inside an entry: addressed by id, the entry field sent whole with the one leaf changed', () => {
    const update = all.find((u) => u.description === 'actions[id=e1].config.cmd')!;
    assert.deepEqual(update.body, { actions: [{ id: 'e1', config: { cmd: 'run~', args: ['-v'], daemon: true } }] });
    assert.deepEqual(all.find((u) => u.description === 'actions[id=e1].config.daemon')!.body, {
      actions: [{ id: 'e1', config: { cmd: 'run', args: ['-v'], daemon: false } }],
    });
  });

  it('elsewhere: the top-level field sent whole, so merging and replacing agree', () => {
    assert.deepEqual(all.find((u) => u.description === 'origin.port')!.body, { origin: { host: 'h', port: 81 } });
    assert.deepEqual(all.find((u) => u.description === 'description')!.body, { description: 'text~' });
  });

  it('the record itself is not changed, and a record with nothing to change gives nothing', () => {
    assert.equal(agent.actions[0]!.config.cmd, 'run');
    assert.equal(leafUpdate({ id: 'x' }, 0), undefined);
  });

  it('a field named __proto__ is data, not the prototype', () => {
    const record = JSON.parse('{"id":"x","__proto__":{"polluted":"no"}}') as { id: string };
    const update = leafUpdate(record, 0)!;
    assert.equal(update.description, '__proto__.polluted');
    assert.equal(JSON.stringify(update.body), '{"__proto__":{"polluted":"no~"}}');
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });
});
