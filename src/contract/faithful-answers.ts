/**
 * The range of faithful answers: every place where the service description
 * (docs/management-service.md, cited as §) leaves an implementation a choice, and which answers
 * are then faithful. The conformance steps, `mgmt-kit fuzz` (what it generates and how it judges)
 * and the reports take every allowance from here; nothing else states one. Where the
 * description fixes an answer, it is not listed and nothing else is accepted.
 *
 * Each entry names what it rests on: a row of features/RULES.md (`4.1-rule-3`) or an
 * `info.x-decisions` id of spec/openapi.yaml (`x-decisions read-empty`). The independent
 * implementation in the repository's tests makes every faithful choice of every entry (its
 * switches say which entry each one exercises), and the suite and the fuzzer must pass on all of
 * them.
 */

/** Every open point, by name. */
export type AllowanceId = keyof typeof ALLOWANCES;

/** One open point: what it rests on and which answers are faithful there. */
export interface Allowance {
  /** RULES.md rows and x-decisions ids this freedom rests on. */
  restsOn: readonly string[];
  /** Which answers are faithful, in words (the constants below say it in code). */
  faithful: string;
}

/** Every open point of the description, with its faithful answers. */
export const ALLOWANCES = {
  'generated-id-format': {
    restsOn: ['2-rule-3', 'x-decisions generated-id'],
    faithful: 'A generated id may have any format; it is learned from a marker field or from reading the index.',
  },
  'record-order': {
    restsOn: ['4.1-read'],
    faithful: 'A read lists its records in any order.',
  },
  'entry-order': {
    restsOn: ['4.1-rule-5'],
    faithful: 'The entries of actions, parameters and resources are addressed by id: they may come back in any order.',
  },
  'message-wording': {
    restsOn: ['4.1-envelope', 'x-decisions success-messages'],
    faithful: 'Envelope messages may say anything, except that a create message names the id of the record created.',
  },
  'duplicate-id-message': {
    restsOn: ['4.1-rule-3'],
    faithful: 'The duplicate-id message is exactly "Id already found", with or without one trailing period (the description\'s sentence ends with one).',
  },
  'reason-phrase': {
    restsOn: ['4.1-envelope'],
    faithful:
      "An item's status is the reason phrase, as RFC 9110 spells it (letter case included), of the HTTP status or of the item's code; 413 and 422 may use their older spellings.",
  },
  'missing-field-name': {
    restsOn: ['4.1-rule-4'],
    faithful:
      'A missing `name` is named `name` and a missing parameter type `parameter.type`; other nested fields may be named by the entry (`action.config`), the list (`actions.config`) or the indexed entry (`actions.0.config`, `actions[0].config`).',
  },
  'refusal-status': {
    restsOn: ['2-field-types', '2.3-enum-refused', '4.2-malformed-body', 'x-decisions query-validation'],
    faithful:
      'A request the description does not let through (a value the data model forbids, a body that is not JSON or not an object, a query that is not one) is refused with 400, 406 or 422, error true when a body comes, and nothing is stored or changed. A read or delete whose query breaks the Query schema may instead find nothing (404, or 204 for a read).',
  },
  'update-unknown-id': {
    restsOn: ['4.2-update-unknown-id', 'x-decisions update-unknown-id'],
    faithful:
      'An update of an id no record has answers 204 (nothing to update), 400, 406 or 422 — not 200 or 304, and not 404, which §4.2 does not list for update — and no record appears.',
  },
  'read-finds-nothing': {
    restsOn: ['7-not-found', 'x-decisions read-empty'],
    faithful: 'A read by id or by where that finds nothing answers 404, or 204 (§7: nothing to act on).',
  },
  'empty-index-read': {
    restsOn: ['4.1-rule-2', 'x-decisions read-empty'],
    faithful: 'A read without a where of an index that holds nothing answers 200 [], 204 or 404.',
  },
  'id-change': {
    restsOn: ['2-rule-1', 'x-decisions readonly-id'],
    faithful:
      'An update that tries to change the id is refused (400, 406 or 422) or the new id is ignored (200, 204 or 304); either way the record keeps its id and none appears under the new one.',
  },
  'empty-body-create': {
    restsOn: ['4.2-create', 'x-decisions empty-body'],
    faithful:
      'A create without a body may answer 204 (nothing to create), be refused (400, 406 naming a missing field, or 422), or create a record: `{id}` from the path, or one with a generated id, where the index requires no field but the id (events, agents).',
  },
  'empty-body-update': {
    restsOn: ['4.2-update', 'x-decisions empty-body'],
    faithful:
      'An update without a body, or whose body sets no field but the id, may answer 204 (nothing to update), 304 (update not necessary) or be refused (400, 406, 422); nothing changes.',
  },
  'order-of-checks': {
    restsOn: ['4.2-create', '4.2-update', '7-validation'],
    faithful:
      'A request that breaks several rules (say a duplicate id and a value of the wrong type, or a bad token and a missing field) may be answered as any one of them would be; nothing changes.',
  },
  'hidden-name-fields': {
    restsOn: ['2.3-agent', 'x-decisions hidden-names'],
    faithful:
      "Fields whose names the description hides may be kept under any name as extra fields of any type, or typed as the description types them under the public original's names (agent description String, deployment_source List(String); action config args List(String), daemon Boolean; parameter list Boolean, values any): a value of another type there is stored as sent or refused.",
  },
  'nested-extra-fields': {
    restsOn: ['2.3-entry-extras', 'x-decisions extra-fields'],
    faithful:
      'Fields beyond the tables inside agent entries and their configs may be stored as sent or the body refused (400, 406, 422); dropping them silently is not faithful.',
  },
  'entry-without-id': {
    restsOn: ['2.3-action', 'x-decisions entry-ids'],
    faithful: 'An agent entry without its id is refused with 406 naming the field, or given a generated id.',
  },
  'config-schema-spelling': {
    restsOn: ['2.3-parameter-config'],
    faithful:
      'A parameter config schema spelled `propeties` (the field table) or `properties` (the preloaded data) may be taken or refused, as long as one of the two is taken.',
  },
  'resource-config-path': {
    restsOn: ['2.3-resource', 'x-decisions resource-config-path'],
    faithful:
      'A resource config path may be taken as a list of strings or as one string (the description shows both); one string may come back as a one-element list.',
  },
  'where-on-list': {
    restsOn: ['x-decisions where-equals', 'x-decisions where-equals-list'],
    faithful:
      "A `where.equals` whose target field holds a list may match when the whole value equals `expr` (for a list, never: `expr` is a String) or when any element of the list equals it (as a search engine and the public original's store do); an element that is a number or a boolean is compared as `where-on-non-string` says.",
  },
  'where-on-non-string': {
    restsOn: ['x-decisions where-equals', 'x-decisions where-equals-list'],
    faithful:
      'An `expr` (a String) compared with a stored number may match by the number\'s JSON text ("5" and 5), by the value it denotes ("5.0" and 5), or never; with a stored boolean by its JSON text ("true") or never. A stored string matches only the same string, letter case and all.',
  },
  'select-absent-field': {
    restsOn: ['4.1-rule-8', 'x-decisions select'],
    faithful: 'A read with `select` of a field a record lacks may leave the field out of that record or give it as null.',
  },
  'select-adds-id': {
    restsOn: ['4.1-rule-8', 'x-decisions select'],
    faithful: 'A read with `select` may add `id` to every record it returns.',
  },
  'not-modified-body': {
    restsOn: ['4.1-update', 'x-decisions not-modified-body'],
    faithful: 'A 304 may come without a body (HTTP forbids one); when one comes it is the envelope with code 304 and error false.',
  },
  'delete-envelope': {
    restsOn: ['4.1-delete', 'x-decisions delete-envelope'],
    faithful: 'A delete answers HTTP 205 whose items say code 200 with the reason phrase of 205 or of 200; a fetch-based server (msw) cannot send a 205 body.',
  },
  'error-envelope-content': {
    restsOn: ['7-envelopes-not-shown', 'x-decisions error-envelope'],
    faithful:
      'The content of 400, 401, 404, 415, 422 and 500 answers is not shown: no body, or the plain envelope; a 401 or 404 envelope may say error false; the code of a 406 item is not compared.',
  },
  'envelope-extra-fields': {
    restsOn: ['4.1-envelope', 'x-decisions success-messages'],
    faithful: 'Envelope items may carry fields beyond status, code, error and message (the extension adds `id`).',
  },
  'body-without-content-type': {
    restsOn: ['4.1-headers', '7-media-type', 'x-decisions media-type'],
    faithful:
      'A body sent without Content-Type may be refused (415, 400, 406, 422) or read as JSON; a request without a body may be refused for a missing or non-JSON Content-Type (415) or answered as if it had none.',
  },
  'bodyless-content-type': {
    restsOn: ['4.1-headers'],
    faithful: 'An answer without a body (204, 304, a bodiless refusal) may carry Content-Type: application/json or none: there is no body to type.',
  },
  'unknown-query-member': {
    restsOn: ['4.1-query', 'x-decisions query-validation'],
    faithful: 'A query member the description does not name may be refused (400, 406, 422) or ignored.',
  },
  'empty-field-name': {
    restsOn: ['4.1-query', '4.1-rule-8'],
    faithful: 'An empty field name in `select` or as `where.equals.target` may be refused (400, 406, 422) or name no field.',
  },
  'json-edge-values': {
    restsOn: ['4.2-malformed-body', 'x-decisions malformed-json'],
    faithful:
      'A body nested deeper than 64 levels, holding a number such as 1e400, or bytes that are not UTF-8 may be refused (400, 406, 422) or stored; what is stored must read back as JSON.',
  },
  'token-contents': {
    restsOn: ['5-not-shown', 'x-decisions auth-header'],
    faithful:
      'How a token is obtained and which claims it must carry are not shown: a deployment may require claims (the runner adds them with --jwt-claims); a token it cannot verify is refused with 401.',
  },
  'preloaded-link-types': {
    restsOn: ['2.2-preload'],
    faithful: 'The two preloaded network link types (a point-to-point type and a slice type) may have any ids, names and descriptions.',
  },
  'value-size-limit': {
    restsOn: ['2-long-values', '8-limits'],
    faithful:
      'A string value longer than a limit of the service (§8 shows none; the kit takes 255 characters, a common column width, as the least a service stores) may be refused with 400, 406, 413 or 422, error true when a body comes, storing and changing nothing; taken, it is stored whole and reads back as sent, never cut short.',
  },
  'id-length-limit': {
    restsOn: ['2-long-ids', '8-limits'],
    faithful:
      'An id longer than a limit of the service (§8 shows none) may be refused with 400, 406, 413 or 422, error true when a body comes, storing nothing; taken, it names its record whole, on every operation, never cut short.',
  },
  'nul-character': {
    restsOn: ['2-edge-values', '8-limits'],
    faithful:
      'A string (a value or a field name) holding U+0000 may be refused with 400, 406 or 422, error true when a body comes, storing and changing nothing (RFC 8259 section 9 lets an implementation limit the characters of the strings it accepts; a C string ends at U+0000 and PostgreSQL text refuses it); taken, it reads back as sent, the U+0000 kept.',
  },
  'number-range': {
    restsOn: ['2-edge-values', '8-limits'],
    faithful:
      "A number beyond the finite range of a 32-bit float (a search engine's dynamic float mapping, a SQL REAL column) or a subnormal double (5e-324; DOUBLE columns hold none) may be refused with 400, 406 or 422, error true when a body comes, storing and changing nothing (RFC 8259 section 9 lets an implementation limit the range of the numbers it accepts); taken, it reads back as the same number.",
  },
} as const satisfies Record<string, Allowance>;

/** An open point whose outcome a read-back cannot judge, so neither the suite nor the fuzzer asks. */
export interface UnaskedPoint {
  restsOn: readonly string[];
  /** What a faithful implementation may do, so no answer can be judged. */
  why: string;
}

/** Open points no request of the suite or the fuzzer raises. */
export const NOT_ASKED = {
  'null-in-update': { restsOn: ['4.1-update'], why: 'null in an update may store null or remove the field.' },
  'null-field-on-create': { restsOn: ['2-rule-4'], why: 'a field sent as null may be stored as null or read as absent (left out of what is read back).' },
  'object-in-update': { restsOn: ['x-decisions update-merge'], why: 'an object in an update may be merged into the stored one or replace it.' },
  'dotted-where-target': {
    restsOn: ['x-decisions where-equals'],
    why: 'a dotted target may name a nested field or a field whose name holds a dot, and one that passes through a list of entries (`actions.id`) may match any entry or none.',
  },
  'dotted-select': {
    restsOn: ['4.1-rule-8', 'x-decisions select'],
    why: 'a dotted name in select may name a nested field (returned nested or flat) or a field whose name holds a dot.',
  },
  'structured-where-expr': {
    restsOn: ['x-decisions where-equals'],
    why: 'an expr that reads as a JSON object, list or null, or as a number or boolean in a form no JSON text has (`+5`, `0x5`, `True`), may or may not match a stored value of that shape, in any of its spellings.',
  },
  'where-on-absent-or-null': {
    restsOn: ['x-decisions where-equals'],
    why: 'a field stored as null, or absent, may or may not equal an expr such as "null", "None" or "" (an expr that reads as null is never sent; the fuzzer stores null only inside lists).',
  },
  'where-without-equals': { restsOn: ['4.1-query'], why: 'a where without equals may match every record or be refused.' },
  'select-on-delete': { restsOn: ['4.1-query'], why: 'select is described for read only; a delete may ignore or refuse it.' },
  'repeated-entry-ids': {
    restsOn: ['4.1-rule-5', 'x-decisions update-merge'],
    why: 'two entries of one list with one id may be refused, merged or both kept.',
  },
  'body-id-differs-on-create': { restsOn: ['x-decisions id-source'], why: 'a create whose body id differs from the path id may take either id or be refused.' },
  'null-as-wrong-type': { restsOn: ['2-field-types'], why: 'null for a typed field may be read as "absent".' },
  'entry-without-id-by-fuzz': {
    restsOn: ['x-decisions entry-ids'],
    why: 'an entry without id may get a generated id the fuzzer cannot predict (the suite judges it by reading back).',
  },
  'slash-in-id': {
    restsOn: ['2-id-exact', 'x-decisions ids-in-path'],
    why: 'an id holding / can only travel in a path as %2F, which many HTTP stacks refuse or decode before routing.',
  },
  'token-algorithm-case': {
    restsOn: ['5-not-shown', 'x-decisions auth-header'],
    why: 'a token signed with the right key whose header names HS256 in another letter case (hs256), or another algorithm (HS512, RS256), may be accepted or refused: only one whose signature the key did not make must be refused (5-forged-token).',
  },
} as const satisfies Record<string, UnaskedPoint>;

// ---------------------------------------------------------------------------------------------
// The same allowances, in code.

/** duplicate-id-message: the message §4.1 rule 3 fixes. */
export const DUPLICATE_ID_MESSAGE = 'Id already found';

/** duplicate-id-message: exactly the message, or the message with one trailing period; nothing looser. */
export function isDuplicateIdMessage(message: unknown): boolean {
  return message === DUPLICATE_ID_MESSAGE || message === `${DUPLICATE_ID_MESSAGE}.`;
}

// reason-phrase: RFC 9110 section 15 spellings of the statuses the service uses (§4.2 and the
// kit's 405/408/413); RFC 9110 renamed 413 and 422, whose RFC 7231 names many frameworks still send.
const REASON_PHRASES: Readonly<Record<number, readonly string[]>> = {
  200: ['OK'],
  201: ['Created'],
  204: ['No Content'],
  205: ['Reset Content'],
  304: ['Not Modified'],
  400: ['Bad Request'],
  401: ['Unauthorized'],
  404: ['Not Found'],
  405: ['Method Not Allowed'],
  406: ['Not Acceptable'],
  408: ['Request Timeout'],
  413: ['Content Too Large', 'Payload Too Large'],
  415: ['Unsupported Media Type'],
  422: ['Unprocessable Content', 'Unprocessable Entity'],
  500: ['Internal Server Error'],
};

/** reason-phrase: the accepted phrases of a status code; empty for a code the service does not use. */
export function reasonPhrasesOf(code: number): readonly string[] {
  return REASON_PHRASES[code] ?? [];
}

/** reason-phrase: the phrases an item may carry in an answer of `status`: of the status or of the item's code. */
export function acceptedItemPhrases(status: number, itemCode: unknown): string[] {
  const codes = typeof itemCode === 'number' && itemCode !== status ? [status, itemCode] : [status];
  return [...new Set(codes.flatMap(reasonPhrasesOf))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * missing-field-name: true when `reported` names the missing field `dotted` (`action.config`):
 * as itself, or by the list or the indexed entry (`actions.config`, `actions.1.config`,
 * `actions[1].config`, `action[1].config`); `name` and `parameter.type` only as themselves.
 */
export function isAcceptedFieldName(dotted: string, reported: string): boolean {
  if (dotted === 'name' || dotted === 'parameter.type') return reported === dotted;
  const [head = '', ...rest] = dotted.split('.');
  const tail = rest.length > 0 ? `\\.${rest.map(escapeRegExp).join('\\.')}` : '';
  return new RegExp(`^${escapeRegExp(head)}s?(?:\\.\\d+|\\[\\d+\\])?${tail}$`).test(reported);
}

/** refusal-status: the statuses of a refused request (400 request not valid, 406 validation failed, 422 not possible). */
export const REFUSAL_STATUSES: readonly number[] = [400, 406, 422];

/** refusal-status: a read or delete whose query breaks the Query schema may also find nothing. */
export function queryRefusalStatuses(method: 'GET' | 'DELETE'): readonly number[] {
  return [...REFUSAL_STATUSES, ...(method === 'GET' ? READ_NOTHING_STATUSES : [404])];
}

/** error-envelope-content: a refusal's body, when one comes, says error true — except a 401 or 404, whose content is not shown. */
export function refusalMustSayError(status: number): boolean {
  return status !== 401 && status !== 404;
}

/** value-size-limit, id-length-limit: a value or an id over a limit of the service (§8: not shown) is refused with one of these, or taken whole. */
export const SIZE_LIMIT_STATUSES: readonly number[] = [400, 406, 413, 422];

/** value-size-limit: the longest string value every target must store whole; a request holding a longer one may be refused. */
export const LONGEST_VALUE_TAKEN = 255;

/** nul-character: the character a string may hold that a common store cannot (the fuzzer and the suite send it in values and field names). */
export const NUL = '\u0000';

/** number-range: the numbers at the edges of a double that the fuzzer and the suite send; a target may refuse each (isOutsideNumberRange). */
export const EDGE_NUMBERS: readonly number[] = [1e308, -1e308, -1.7976931348623157e308, 5e-324, -5e-324, 1.5e300];

const FLOAT32_MAX = 3.4028234663852886e38;
const DOUBLE_MIN_NORMAL = 2.2250738585072014e-308;

/** number-range: beyond the finite range of a 32-bit float, or a subnormal double. */
export function isOutsideNumberRange(n: number): boolean {
  const magnitude = Math.abs(n);
  return magnitude > FLOAT32_MAX || (magnitude > 0 && magnitude < DOUBLE_MIN_NORMAL);
}

/** nul-character, number-range: whether a parsed body holds, at any depth, a string (value or field name) with U+0000 or a number outside the range. */
export function holdsStoreLimitedValue(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (typeof value === 'number') return isOutsideNumberRange(value);
  if (Array.isArray(value)) return value.some(holdsStoreLimitedValue);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([name, field]) => name.includes(NUL) || holdsStoreLimitedValue(field));
}

/** nul-character, number-range: the statuses of a refusal of such a value. */
export const STORE_LIMIT_STATUSES: readonly number[] = REFUSAL_STATUSES;

/** update-unknown-id */
export const UPDATE_UNKNOWN_ID_STATUSES: readonly number[] = [204, 400, 406, 422];

/** read-finds-nothing */
export const READ_NOTHING_STATUSES: readonly number[] = [404, 204];

/** empty-index-read: 200 only with an empty list. */
export const EMPTY_INDEX_STATUSES: readonly number[] = [200, 204, 404];

/** read-finds-nothing, empty-index-read: every status a plain read may answer (200 with the records, or nothing). */
export const PLAIN_READ_STATUSES: readonly number[] = [200, 204, 404];

/** id-change: refused, or the new id ignored (then 200, or 204/304 when nothing else changes). */
export const ID_CHANGE_STATUSES: readonly number[] = [200, 204, 304, ...REFUSAL_STATUSES];

/** empty-body-create: 201 only where the index requires no field but the id. */
export const EMPTY_BODY_CREATE_STATUSES: readonly number[] = [201, 204, ...REFUSAL_STATUSES];

/** empty-body-update */
export const EMPTY_BODY_UPDATE_STATUSES: readonly number[] = [204, 304, ...REFUSAL_STATUSES];

/**
 * config-schema-spelling: the values whose spelling the description leaves open, by where they go
 * (the field's path in a record, list indices left out) — each list in the order a client tries
 * them: an implementation must take at least one.
 */
export const OPEN_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  'parameters.config.schema': ['propeties', 'properties'],
};

/** nested-extra-fields, entry-without-id, hidden-name-fields: a body an implementation may take or refuse. */
export const TAKEN_OR_REFUSED_STATUSES: readonly number[] = [201, ...REFUSAL_STATUSES];

/** error-envelope-content: statuses whose body is checked only as the plain §4.1 envelope, when one comes. */
export const PLAIN_ENVELOPE_STATUSES: ReadonlySet<number> = new Set([400, 401, 404, 406, 413, 415, 422, 500]);

/** hidden-name-fields: the spec marks each such property `x-hidden-name`, with the description's type in `x-described-as`. */
export const HIDDEN_NAME_MARK = 'x-hidden-name';
/** hidden-name-fields: the JSON Schema of the type the description gives a hidden-name field. */
export const DESCRIBED_TYPE_MARK = 'x-described-as';

const ENTRY_LISTS = ['actions', 'parameters', 'resources'];

/**
 * entry-order, resource-config-path, select-adds-id: a record in the form in which two faithful
 * answers compare equal — agent entries sorted by id, each resource config path as a list, and
 * `id` dropped when the query selected fields without it. The input is not changed.
 */
export function normaliseRecord(record: unknown, options: { dropId: boolean }): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  const copy = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  if (options.dropId) delete copy['id'];
  for (const list of ENTRY_LISTS) {
    const entries = copy[list];
    if (!Array.isArray(entries) || !entries.every((e) => typeof e === 'object' && e !== null && typeof (e as { id?: unknown }).id === 'string')) continue;
    entries.sort((a, b) => String((a as { id: string }).id).localeCompare(String((b as { id: string }).id)));
    if (list !== 'resources') continue;
    for (const entry of entries as Array<{ config?: { path?: unknown } }>) {
      if (typeof entry.config?.path === 'string') entry.config.path = [entry.config.path];
    }
  }
  return copy;
}

/**
 * where-on-list, where-on-non-string: one faithful reading of `where.equals` on values whose
 * comparison with a String the description does not fix. A stored string always matches only
 * the same string.
 */
export interface WhereReading {
  /** A stored number: by its JSON text ("5"), by the value a JSON number text denotes ("5.0"), or never. */
  number: 'json-text' | 'value' | 'never';
  /** A stored boolean: by its JSON text ("true"), or never. */
  boolean: 'json-text' | 'never';
  /** A stored list: never (a list is not a String), or when any element matches as a value of its own type would. */
  list: 'never' | 'any-element';
}

/** The reading of the kit's reference server (x-decisions where-equals, where-equals-list). */
export const KIT_WHERE_READING: WhereReading = { number: 'json-text', boolean: 'json-text', list: 'never' };

/** where-on-list, where-on-non-string: every faithful reading, the kit's first. */
export const WHERE_READINGS: readonly WhereReading[] = (['json-text', 'value', 'never'] as const).flatMap((number) =>
  (['json-text', 'never'] as const).flatMap((boolean) => (['never', 'any-element'] as const).map((list) => ({ number, boolean, list }))),
);

/** The number a JSON number text denotes ("5.0" → 5), or undefined for any other text. */
function jsonNumberOf(text: string): number | undefined {
  if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** Whether a stored scalar equals `expr` under `reading` (objects, null and absent values never do). */
function scalarEquals(value: unknown, expr: string, reading: WhereReading): boolean {
  if (typeof value === 'string') return value === expr;
  if (typeof value === 'boolean') return reading.boolean === 'json-text' && JSON.stringify(value) === expr;
  if (typeof value === 'number') {
    if (reading.number === 'json-text') return JSON.stringify(value) === expr;
    return reading.number === 'value' && jsonNumberOf(expr) === value;
  }
  return false;
}

/**
 * where-on-list, where-on-non-string: whether a stored value (the target field's) equals `expr`
 * under one faithful reading.
 *
 * @example whereEquals(['a', 'b'], 'b', { ...KIT_WHERE_READING, list: 'any-element' }) // → true
 */
export function whereEquals(value: unknown, expr: string, reading: WhereReading): boolean {
  if (Array.isArray(value)) return reading.list === 'any-element' && value.some((element) => !Array.isArray(element) && scalarEquals(element, expr, reading));
  return scalarEquals(value, expr, reading);
}

/**
 * structured-where-expr, where-on-absent-or-null: true for an `expr` a faithful implementation
 * may read as something other than a String — JSON text of a number, boolean, null, object or
 * list, or what a number parser or a boolean word takes (`+5`, `0x5`, ` 5`, `Infinity`, `True`,
 * `None`). The exact JSON texts of numbers and booleans are asked (where-on-non-string judges
 * them); the rest are never sent.
 */
export function mayReadAsNonString(expr: string): boolean {
  const trimmed = expr.trim();
  if (trimmed === '') return false;
  if (/^(?:true|false|null|none|nil|nan|[+-]?inf(?:inity)?)$/i.test(trimmed)) return true;
  if (!Number.isNaN(Number(trimmed))) return true;
  try {
    return typeof JSON.parse(expr) !== 'string';
  } catch {
    return false;
  }
}

/**
 * select-absent-field: a selected record in the form in which two faithful answers compare
 * equal — a selected field given as null is left out, as a field the record lacks is.
 */
export function dropNullSelected(record: unknown, select: readonly string[]): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null && select.includes(key)) continue;
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
