import { isObject } from '../../contract/spec/flaw-sites.js';
import { dropNullSelected, normaliseRecord } from '../../contract/faithful-answers.js';

/** How two record lists differ: a key grouping equal failures (`missing-record`, `extra-record`, `missing-field`, `extra-field`, `changed-field`); words. */
export type RecordDifference = { kind: string; message: string };

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
};

const idOf = (record: unknown) => (typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined);

/** The first field where two records differ, by JSON pointer. */
function fieldDifference(model: unknown, target: unknown, path: string): RecordDifference | undefined {
  if (canonical(model) === canonical(target)) return undefined;
  if (isObject(model) && isObject(target)) {
    for (const key of Object.keys(model)) {
      if (!Object.hasOwn(target, key))
        return { kind: 'missing-field', message: `${path}/${key}: the model has ${short(model[key])}, the target has no such field` };
      const inner = fieldDifference(model[key], target[key], `${path}/${key}`);
      if (inner) return inner;
    }
    const extra = Object.keys(target).find((key) => !Object.hasOwn(model, key))!;
    return { kind: 'extra-field', message: `${path}/${extra}: the target has ${short(target[extra])}, the model has no such field` };
  }
  return { kind: 'changed-field', message: `${path || '/'}: the model has ${short(model)}, the target has ${short(target)}` };
}

/**
 * The first difference between the records of a read as the model and the target returned them, under the allowances record-order, entry-order,
 * resource-config-path, select-adds-id and select-absent-field; undefined when they hold the same records.
 *
 * @example compareRecordLists([{ id: 'a', kind: 'x' }], [{ id: 'a' }], { select: undefined })
 * // → { kind: 'missing-field', message: 'record a /kind: the model has "x", the target has no such field' }
 */
export function compareRecordLists(
  model: readonly unknown[],
  target: readonly unknown[],
  options: { select: readonly string[] | undefined },
): RecordDifference | undefined {
  const dropId = options.select !== undefined && !options.select.includes('id');
  // select-absent-field: a selected field the record lacks may come back as null.
  const selected = (record: unknown) => (options.select === undefined ? record : dropNullSelected(record, options.select));
  const left = model.map((r) => selected(normaliseRecord(r, { dropId: false })));
  const right = target.map((r) => selected(normaliseRecord(r, { dropId })));
  const remaining = right.map(canonical);
  const unmatched: unknown[] = [];
  for (const record of left) {
    const at = remaining.indexOf(canonical(record));
    if (at === -1) {
      unmatched.push(record);
    } else {
      remaining.splice(at, 1);
      right.splice(at, 1);
    }
  }
  if (unmatched.length === 0 && right.length === 0) return undefined;
  for (const record of unmatched) {
    const id = idOf(record);
    const counterpart = id === undefined ? undefined : right.find((r) => idOf(r) === id);
    if (counterpart !== undefined) {
      const diff = fieldDifference(record, counterpart, '')!;
      return { kind: diff.kind, message: `record ${String(id)} ${diff.message}` };
    }
  }
  // Records without ids (a select without id): pair them in order when the counts agree.
  if (unmatched.length > 0 && unmatched.length === right.length && idOf(unmatched[0]) === undefined) {
    const diff = fieldDifference(unmatched[0], right[0], '')!;
    return { kind: diff.kind, message: `a selected record: ${diff.message}` };
  }
  if (unmatched.length > 0)
    return { kind: 'missing-record', message: `the target lacks ${unmatched.length} record(s) the model has, e.g. ${short(unmatched[0])}` };
  return { kind: 'extra-record', message: `the target has ${right.length} record(s) the model does not, e.g. ${short(right[0])}` };
}
