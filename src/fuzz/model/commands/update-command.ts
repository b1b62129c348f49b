import { isObject } from '../../../target/run/flaw-sites.js';
import fc from 'fast-check';
import type { StoredRecord } from '../../../server/core/index.js';
import type { UpdateStep } from '../../generate/fuzz-step.js';
import { leafUpdate } from '../../generate/leaf-update.js';
import { recordBodyNode } from '../../../target/run/schema-node.js';
import { flawed, type BoundStep, type FuzzCommand } from './fuzz-command.js';

/** Update (§4.1 update, rules 5-7): fields set on a record named in the path or the body; now and then one leaf only, or an attempt to change the id. */
export const updateCommand: FuzzCommand<UpdateStep> = {
  generate: (g) => [
    {
      fields: {
        slot: g.slot,
        via: g.via,
        body: g.body('put', ['wrong-type', 'bad-enum']),
        changeId: fc.oneof({ arbitrary: fc.constant(false), weight: 12 }, { arbitrary: fc.constant(true), weight: 1 }),
        leaf: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.nat(40), weight: 1 }),
      },
      weight: 25,
    },
  ],
  bind(step, context) {
    const node = recordBodyNode(context.doc, step.index, 'put');
    const id = context.ids.slotId(step.index, step.slot);
    const bound: BoundStep = { node, id, pathId: step.via === 'path' || step.changeId ? id : undefined, notes: [] };
    const stored = context.recordOf?.(step.index, id);
    // A one-leaf change stays valid: its point is the change, not a broken rule.
    const leaf = !step.changeId && step.leaf !== undefined && stored ? leafUpdate(stored, step.leaf) : undefined;
    if (leaf) bound.notes.push(`only ${leaf.description} changed`);
    let body = leaf ? leaf.body : withWholeEntryConfigs({ ...step.body.value }, stored);
    if (step.changeId) {
      bound.changedIdTo = context.ids.otherId(step.index);
      body = { id: bound.changedIdTo, ...body };
      bound.notes.push(`id in the path, another in the body: tries to change the id to ${bound.changedIdTo}`);
    } else {
      if (step.via === 'body') body = { id, ...body };
      bound.notes.push(bound.pathId ? 'id in the path' : 'id in the body');
    }
    bound.unbroken = body;
    bound.json = leaf ? body : flawed(context, node, body, step.body, false, bound);
    return bound;
  },
  touched: (_step, bound) => [bound.id, ...(bound.changedIdTo ? [bound.changedIdTo] : [])],
};

/**
 * An update body whose entries (addressed by id, §4.1 rule 5) carry each config object whole: whether a config sent in an update is merged into the stored
 * one or replaces it is open (NOT_ASKED object-in-update); sent whole, both give the same record.
 */
function withWholeEntryConfigs(body: Record<string, unknown>, record: StoredRecord | undefined): Record<string, unknown> {
  if (!record) return body;
  for (const list of ['actions', 'parameters', 'resources']) {
    const entries = body[list];
    const stored = record[list];
    if (!Array.isArray(entries) || !Array.isArray(stored)) continue;
    body[list] = entries.map((entry: unknown) => {
      const before: unknown = isObject(entry) ? stored.find((s: unknown) => isObject(s) && s['id'] === entry['id']) : undefined;
      return isObject(entry) && isObject(entry['config']) && isObject(before) && isObject(before['config'])
        ? { ...entry, config: { ...before['config'], ...entry['config'] } }
        : entry;
    });
  }
  return body;
}
