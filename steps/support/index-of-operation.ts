import { indexOperations, type ClientIndexKey, type OperationId } from '../../src/client/index.js';

/** The index an operationId belongs to (from the client's route table). */
export function indexOfOperation(operation: OperationId): ClientIndexKey {
  for (const [index, ops] of Object.entries(indexOperations) as Array<[ClientIndexKey, (typeof indexOperations)[ClientIndexKey]]>) {
    if ([ops.create, ops.read, ops.update, ops.delete].some((pair) => (pair as readonly string[]).includes(operation))) return index;
  }
  throw new Error(`unknown operation ${operation}`);
}
