import fc from 'fast-check';
import type { ReadStep } from '../../generate/fuzz-step.js';
import { bindQuery, type FuzzCommand } from './fuzz-command.js';

/** Read (§4.1 read, rules 6-8): a record by id or the whole index, with or without a query (select, where). */
export const readCommand: FuzzCommand<ReadStep> = {
  generate: (g) => [
    {
      fields: { slot: fc.option(g.slot, { freq: 2, nil: undefined }), query: fc.option(g.query('read'), { freq: 2, nil: undefined }) },
      weight: 25,
    },
  ],
  bind: (step, context) => bindQuery(step, context),
  touched: () => [],
};
