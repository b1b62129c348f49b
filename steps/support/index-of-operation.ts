import { indexOperations, type IndexName, type OperationId } from '../../src/client/index.js';

/** The index an operationId belongs to (from the client's route table). */
export function indexOfOperation(operation: OperationId): IndexName {
  for (const [index, ops] of Object.entries(indexOperations) as Array<[IndexName, (typeof indexOperations)[IndexName]]>) {
    if ([ops.create, ops.read, ops.update, ops.delete].some((pair) => (pair as readonly string[]).includes(operation))) return index;
  }
  throw new Error(`unknown operation ${operation}`);
}
