import fc from 'fast-check';
import { INDEX_NAMES, operationIdFor, type IndexName } from '../../server/core/index.js';
import { exchange, failureOf, plainRequest, readRecords, recordsInAnswer, type ExchangeLog, type FuzzContext, type FuzzFailure } from './fuzz-session.js';
import { recordArbitrary } from '../generate/schema-arbitrary.js';
import { basePathOf } from '../../target/run/schema-node.js';
import { createVocabulary } from '../generate/vocabulary.js';

/** `unreachable`: set when the target could not be reached at all (a usage problem, not a finding). */
export type WhereProbe = { trusted: Set<IndexName>; failures: FuzzFailure[]; unreachable: string | undefined };

/**
 * Before anything else, in each index: a record of the run created, the index read with a `where` that matches nothing (§4.1 query body: no record may come),
 * the record deleted. Only an index that passes gets deletes by where, so a target that ignores `where` never gets one that would remove others' records.
 * The record makes sure the index is not empty: there an ignored where finds nothing too.
 */
export async function probeWhere(context: FuzzContext): Promise<WhereProbe> {
  const probe: WhereProbe = { trusted: new Set(), failures: [], unreachable: undefined };
  for (const index of INDEX_NAMES) {
    const log: ExchangeLog = { context, exchanges: [] };
    const id = `${context.runPrefix}probe`;
    // A valid record, generated from the index's create schema (the same on every run).
    const record = fc.sample(recordArbitrary(context.doc, createVocabulary(context.runPrefix), index, 'post'), { seed: 1, numRuns: 1 })[0];
    const created = await exchange(log, 'probe', `create ${index} ${id}`, plainRequest(context, 'POST', index, id, record).target);
    if (!created.ok) {
      // Cut short by the time budget: the target may be slow, not unreachable; the run just ends.
      if (!created.cutShort) probe.unreachable = `POST ${basePathOf(index)}: ${created.error}`;
      return probe;
    }
    const taken = created.answer.status < 300 && (await readRecords(log, 'probe', index, id))?.some((r) => r.id === id) === true;
    const query = { where: { equals: { target: 'id', expr: `${context.runPrefix}matches-nothing` } } };
    const description = `read ${index} records where id equals an id no record has`;
    const operation = operationIdFor(index, 'GET', false);
    const result = await exchange(log, 'probe', `${description} (${operation})`, plainRequest(context, 'GET', index, undefined, query).target);
    await exchange(log, 'probe', `delete ${index} ${id}`, plainRequest(context, 'DELETE', index, id).target);
    const records = recordsInAnswer(result);
    if (taken && records?.length === 0) probe.trusted.add(index);
    // Else, without a record taken or an answer, nothing to conclude: deletes by where stay off.
    else if (taken && result.ok) {
      const observed = records === undefined ? String(result.answer.status) : 'extra-record';
      const actual =
        records === undefined ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : `${records.length} record(s): the where is ignored`;
      const expected = 'no record: nothing matches the where (§4.1 query body)';
      probe.failures.push(failureOf(operation, { check: 'where-filters', observed, expected, actual }, description, log.exchanges));
    }
  }
  return probe;
}
