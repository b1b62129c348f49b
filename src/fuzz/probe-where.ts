import { INDEX_NAMES, operationIdFor, type IndexName } from '../reference-server/core/index-definitions.js';
import { plainRequest, recordsOf, type FuzzContext, type FuzzFailure } from './fuzz-session.js';
import type { SendResult } from './send-wire-request.js';

/** What the probe found: the indices whose where filters, and failures of those that do not. */
export interface WhereProbe {
  trusted: Set<IndexName>;
  failures: FuzzFailure[];
  /** Set when the target could not be reached at all (a usage problem, not a finding). */
  unreachable: string | undefined;
}

/**
 * Before anything is changed: a read of each index with a `where` that can match nothing (an id
 * of this run that no record has). The answer must hold no record (seed §4.1 query body). Only
 * on an index that passes may the fuzzer send a delete on the base path with a where — so a
 * target that ignores `where` never gets a delete that would remove records the run did not make.
 */
export async function probeWhere(context: FuzzContext): Promise<WhereProbe> {
  const probe: WhereProbe = { trusted: new Set(), failures: [], unreachable: undefined };
  for (const index of INDEX_NAMES) {
    const query = { where: { equals: { target: 'id', expr: `${context.runPrefix}matches-nothing` } } };
    const { target } = plainRequest(context, 'GET', index, undefined, query);
    const result: SendResult = await context.sender.send(target);
    if (!result.ok) {
      probe.unreachable = `GET ${target.path}: ${result.error}`;
      return probe;
    }
    const records = recordsOf(result);
    if (records !== undefined && records.length === 0) {
      probe.trusted.add(index);
      continue;
    }
    const description = `read ${index} records where id equals an id no record has`;
    const actual = records === undefined ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : `${records.length} record(s): the where is ignored`;
    probe.failures.push({
      signature: `read:where:${records === undefined ? 'status' : 'records-extra-record'}:probe`,
      title: `${description}: expected no record (404, 204 or 200 []); the target answered ${actual}`,
      expected: 'no record: nothing matches the where (seed §4.1 query body)',
      actual,
      exchanges: [{ role: 'probe', description: `${description} (${operationIdFor(index, 'GET', false)})`, request: target, result }],
    });
  }
  return probe;
}
