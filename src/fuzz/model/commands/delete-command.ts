import fc from 'fast-check';
import type { DeleteStep } from '../../generate/fuzz-step.js';
import { bindQuery, type FuzzCommand } from './fuzz-command.js';

/**
 * Delete (§4.1 delete): a record by id (with an optional where), by where on the base path — only on an index whose where was seen to filter (probe-where.ts)
 * —, and with --allow-destructive without where. What it removed is read back: the record, or the whole index.
 */
export const deleteCommand: FuzzCommand<DeleteStep> = {
  generate: (g) => [
    { fields: { slot: g.slot, query: fc.option(g.query('delete'), { freq: 3, nil: undefined }) }, weight: 10 },
    { fields: { slot: fc.constant(undefined), query: g.query('delete-on-base') }, weight: 5 },
    ...(g.destructive ? [{ fields: { slot: fc.constant(undefined), query: fc.constant(undefined) }, weight: 2 }] : []),
  ],
  check: (step, target) => step.slot !== undefined || target.allowDestructive || target.whereTrusted.has(step.index),
  bind: (step, context) => bindQuery(step, context),
  touched: (step, bound) => [step.slot === undefined ? undefined : bound.id],
};
