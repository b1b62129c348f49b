import fc from 'fast-check';
import { INDEX_DEFINITIONS, operationIdFor, type IndexName } from '../../reference-server/core/index.js';
import { plainRequest, recordsInAnswer, type Exchange, type FuzzContext, type FuzzFailure } from './fuzz-session.js';
import { arbitraryForSchema } from '../generate/schema-arbitrary.js';
import { requestBodyNode } from '../generate/schema-node.js';
import { createVocabulary } from '../generate/vocabulary.js';

/** What the probe found: the indices whose where filters, and failures of those that do not. */
export interface WhereProbe {
  trusted: Set<IndexName>;
  failures: FuzzFailure[];
  /** Set when the target could not be reached at all (a usage problem, not a finding). */
  unreachable: string | undefined;
}

/** A valid record for an index, generated from its create schema (the same on every run). */
function probeRecord(context: FuzzContext, index: IndexName): Record<string, unknown> {
  const basePath = INDEX_DEFINITIONS.find((d) => d.name === index)!.basePath;
  const arbitrary = arbitraryForSchema(requestBodyNode(context.doc, `${basePath}/{id}`, 'post'), {
    doc: context.doc,
    vocabulary: createVocabulary(context.runPrefix),
    mode: 'create',
    omitTopLevel: ['id'],
  });
  return fc.sample(arbitrary, { seed: 1, numRuns: 1 })[0] as Record<string, unknown>;
}

/**
 * Before anything else: in each index, a record of the run is created, then the index is read with
 * a `where` that can match nothing (an id no record has) — the answer must hold no record (
 * §4.1 query body) — and the record is deleted by id. Only on an index that passes may the
 * fuzzer send a delete on the base path with a where, so a target that ignores `where` never
 * gets a delete that would remove records the run did not make. The record makes sure the index
 * is not empty: on an empty index an ignored where finds nothing too.
 */
export async function probeWhere(context: FuzzContext): Promise<WhereProbe> {
  const probe: WhereProbe = { trusted: new Set(), failures: [], unreachable: undefined };
  for (const index of INDEX_NAMES_IN_ORDER) {
    const exchanges: Exchange[] = [];
    const send = async (description: string, request: ReturnType<typeof plainRequest>['target']) => {
      const result = await context.sender.send(request);
      exchanges.push({ role: 'probe', description, request, result });
      return result;
    };
    const id = `${context.runPrefix}probe`;
    const created = await send(`create ${index} ${id}`, plainRequest(context, 'POST', index, id, probeRecord(context, index)).target);
    if (!created.ok) {
      // Cut short by the time budget: the target may be slow, not unreachable; the run just ends.
      if (!created.cutShort) probe.unreachable = `POST ${INDEX_DEFINITIONS.find((d) => d.name === index)!.basePath}: ${created.error}`;
      return probe;
    }
    const query = { where: { equals: { target: 'id', expr: `${context.runPrefix}matches-nothing` } } };
    const description = `read ${index} records where id equals an id no record has`;
    const result = await send(`${description} (${operationIdFor(index, 'GET', false)})`, plainRequest(context, 'GET', index, undefined, query).target);
    await send(`delete ${index} ${id}`, plainRequest(context, 'DELETE', index, id).target);
    const records = recordsInAnswer(result);
    if (created.answer.status === 201 && records !== undefined && records.length === 0) {
      probe.trusted.add(index);
      continue;
    }
    if (created.answer.status !== 201 || !result.ok) continue; // nothing to conclude: deletes by where stay off
    const actual = records === undefined ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : `${records.length} record(s): the where is ignored`;
    probe.failures.push({
      signature: `read:where:${records === undefined ? 'status' : 'records-extra-record'}:probe`,
      title: `${description}: expected no record (404, 204 or 200 []); the target answered ${actual}`,
      expected: 'no record: nothing matches the where (§4.1 query body)',
      actual,
      exchanges,
    });
  }
  return probe;
}

const INDEX_NAMES_IN_ORDER: readonly IndexName[] = INDEX_DEFINITIONS.map((d) => d.name);
