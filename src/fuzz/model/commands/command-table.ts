import type { FuzzStep, Op } from '../../generate/fuzz-step.js';
import { createCommand } from './create-command.js';
import { deleteCommand } from './delete-command.js';
import type { FuzzCommand } from './fuzz-command.js';
import { readCommand } from './read-command.js';
import { updateCommand } from './update-command.js';

/** The commands of the model runner, one per operation, in the order their steps are drawn. */
export const COMMANDS: { readonly [K in Op]: FuzzCommand<Extract<FuzzStep, { op: K }>> } = {
  create: createCommand,
  read: readCommand,
  update: updateCommand,
  delete: deleteCommand,
};

/** The command of a step. */
export const commandOf = <S extends FuzzStep>(step: S) => COMMANDS[step.op] as unknown as FuzzCommand<S>;
