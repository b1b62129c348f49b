import { findSeedProblems, getSharedRecordValidator, type IndexName, type JsonObject } from '../reference-server/core/index.js';

/** A record a deployment holds that a start-record file cannot take as it is. */
export interface RefusedRecord {
  index: IndexName;
  id: string | undefined;
  reason: string;
}

/**
 * Splits the records read from one index into those a `--seed` file takes and those it would
 * refuse (a deployment may be older or looser than the create schemas): each is checked as
 * `serve --seed` checks it (findSeedProblems: the index's create schema, repeated entry ids in
 * an agent's lists), and an id seen before in the index is refused too.
 */
export function sortCapturedRecords(index: IndexName, records: readonly JsonObject[]): { valid: JsonObject[]; refused: RefusedRecord[] } {
  const validate = getSharedRecordValidator();
  const valid: JsonObject[] = [];
  const refused: RefusedRecord[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const id = typeof record['id'] === 'string' ? record['id'] : undefined;
    // One record at a time, so each problem belongs to it: "event[0]: …" names the record checked.
    const problem = findSeedProblems({ [index]: [record] }, validate)[0]?.replace(/^[^:]+\[0\]: /, '');
    if (problem !== undefined) refused.push({ index, id, reason: problem });
    else if (id !== undefined && seen.has(id)) refused.push({ index, id, reason: 'the index lists this id twice' });
    else valid.push(record);
    if (id !== undefined) seen.add(id);
  }
  return { valid, refused };
}
