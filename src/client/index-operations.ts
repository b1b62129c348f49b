import { indexTable, type ClientIndexKey } from '../generated/index-table.js';
import type { OperationId } from './api-result.js';

/** The three indices of the description (§4.1), as the client's properties name them. */
export type { ClientIndexKey } from '../generated/index-table.js';

/** Where an index lives and which operationIds its calls map to, without and with a path id. */
export interface IndexOperations {
  basePath: string;
  create: readonly [OperationId, OperationId];
  read: readonly [OperationId, OperationId];
  update: readonly [OperationId, OperationId];
  delete: readonly [OperationId, OperationId];
}

type Row = (typeof indexTable)[number];
// Keeps the literal operationIds the result types are computed from.
type RoutesOf<R extends Row> = { basePath: R['basePath'] } & R['operations'];

/** The client's route table, keyed by index, from the generated index table: a renamed operation changes no hand-kept copy. */
export const indexOperations = Object.fromEntries(indexTable.map((row) => [row.clientKey, { basePath: row.basePath, ...row.operations }])) as {
  readonly [R in Row as R['clientKey']]: RoutesOf<R>;
} satisfies Record<ClientIndexKey, IndexOperations>;
