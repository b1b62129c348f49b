import { MARKER_FIELDS } from '../../../contract/run-markers.js';
import { GENERATED_SLOT, type CreateStep } from '../../generate/fuzz-step.js';
import { recordBodyNode } from '../../../target/run/schema-node.js';
import { flawed, type BoundStep, type FuzzCommand } from './fuzz-command.js';

/** Create (§4.1 create, §4.2): a record with its id in the path or the body, or without one (the service generates it, §2 rule 3). */
export const createCommand: FuzzCommand<CreateStep> = {
  generate: (g) => [{ fields: { slot: g.slot, via: g.via, body: g.body('post', ['missing', 'wrong-type', 'bad-enum']) }, weight: 35 }],
  bind(step, context) {
    const node = recordBodyNode(context.doc, step.index, 'post');
    const bound: BoundStep = { node, notes: [] };
    let body = { ...step.body.value };
    if (step.slot === GENERATED_SLOT) {
      bound.marker = context.ids.nextMarker();
      body = { ...body, [MARKER_FIELDS.fuzz]: bound.marker };
      bound.notes.push('no id: the service generates it');
    } else {
      bound.id = context.ids.slotId(step.index, step.slot);
      if (step.via === 'path') bound.pathId = bound.id;
      else body = { id: bound.id, ...body };
      bound.notes.push(bound.pathId ? 'id in the path' : 'id in the body');
    }
    bound.unbroken = body;
    bound.json = flawed(context, node, body, step.body, true, bound);
    return bound;
  },
  touched: (_step, bound, createdId) => {
    const id = createdId ?? bound.id;
    return id === undefined ? [] : [id];
  },
};
