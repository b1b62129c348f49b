import type { ClientIndexKey } from '../../src/client/index.js';
import type { KitWorld, ScenarioRecord } from '../world.js';
import { sampleRecord, type JsonRecord } from './sample-records.js';

/** The field every record of a family carries: the stem, so a query can name the family alone (§2 rule 4 allows it). */
export const FAMILY_FIELD = 'family';

/** Records a scenario made under one id stem: `<stem>-<suffix>`, each with `family: <stem>`. */
export interface RecordFamily {
  index: ClientIndexKey;
  stem: string;
  bySuffix: Map<string, ScenarioRecord>;
}

/** Per-scenario state of the extension steps, kept beside the World rather than on it. */
interface ExtensionState {
  family?: RecordFamily;
  /** How long the last timed call took. */
  lastDurationMs?: number;
  /** The ids a batch named, in request order (undefined for a record created without an id). */
  batchIds?: Array<string | undefined>;
  /** Ids that must not exist after the scenario's request. */
  mustBeAbsent?: string[];
}

const states = new WeakMap<KitWorld, ExtensionState>();

/** The extension state of this scenario's World. */
export function extensionState(world: KitWorld): ExtensionState {
  const known = states.get(world);
  if (known) return known;
  const state: ExtensionState = {};
  states.set(world, state);
  return state;
}

/** The family the scenario made ("these events exist"). */
export function familyOf(world: KitWorld): RecordFamily {
  const family = extensionState(world).family;
  if (!family) throw new Error('the scenario has made no family of records ("Given these … exist:")');
  return family;
}

/**
 * A cell of a Given table: a number when it reads as one, `true` / `false` as booleans, a text in
 * double quotes as that string (`"10"` stays a string), else the text with `{stem}` replaced. An
 * empty cell leaves the field out of the record.
 */
function cellValue(text: string, stem: string): unknown {
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^".*"$/.test(text)) return text.slice(1, -1).replaceAll('{stem}', stem);
  return text.replaceAll('{stem}', stem);
}

/** Sets a field named by a dotted column (`origin.host`) in nested objects. */
function setDotted(record: JsonRecord, column: string, value: unknown): void {
  const parts = column.split('.');
  let node = record;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as JsonRecord;
  }
  node[parts.at(-1)!] = value;
}

/** The record a table row describes: a sample of the index, the family field, and the row's fields. */
export function familyRecord(index: ClientIndexKey, stem: string, row: Record<string, string>): { suffix: string; sent: JsonRecord } {
  const { suffix, ...fields } = row;
  if (!suffix) throw new Error('every row needs a suffix');
  const sent: JsonRecord = { id: `${stem}-${suffix}`, ...sampleRecord(index), [FAMILY_FIELD]: stem };
  for (const [column, text] of Object.entries(fields)) if (text !== '') setDotted(sent, column, cellValue(text, stem));
  return { suffix, sent };
}

/** Replaces `{stem}` in a query text with the family's stem and parses it. */
export function queryOf(world: KitWorld, text: string): unknown {
  const stem = extensionState(world).family?.stem;
  return JSON.parse(stem === undefined ? text : text.replaceAll('{stem}', stem));
}

/** The records of the family named by a list of suffixes ("alpha, beta"). */
export function familyRecords(world: KitWorld, suffixes: string): ScenarioRecord[] {
  const family = familyOf(world);
  return suffixes.split(',').map((s) => {
    const record = family.bySuffix.get(s.trim());
    if (!record) throw new Error(`the family has no record with the suffix ${s.trim()}`);
    return record;
  });
}
