// An independent implementation of the management service (events, network link types, agent
// catalog), written from the description (docs/management-service.md) alone: its author did not read
// mgmt-kit's spec, reference server, client or features. Wherever the description is open it chooses
// differently from the kit on purpose, so a suite that passes here relies only on what the description
// fixes. Among its choices: generated ids like evt_000001 (kit: UUID); messages such as
// "Event e1 has been created" (kit: "Record with id=e1 created"); 401 with an empty body; update
// of an unknown id, or a body id that differs from the path id, → 422 (kit: 406); read of an
// empty index without a query → 204 (kit: 200 []); records listed newest first; null in an update
// removes the field; a bad query member → 400 and an unknown where condition → 422; bodies over
// 5 MiB → 400 (kit: 413 over 1 MiB).
//
// Node built-ins only; not part of the package. test/independent-server/independent-server.test.ts
// runs the conformance suite against it.
//   PORT=9090 JWT_SECRET=s node test/independent-server/server.mjs   (PORT=0 picks a free port)
// Tokens: Authorization: Bearer <HS256 JWT signed with JWT_SECRET>; exp and nbf are honoured.
// Without JWT_SECRET every request to an index answers 401.
//
// VARIANTS=comma,list switches on deliberate deviations, for the suite's self-check. "faithful"
// means another choice the description leaves open (the suite must still pass); "broken" names the rule
// of the description it violates (the suite must fail).
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';

const VARIANT_NAMES = [
  'alg-none', // broken, §5: accepts an unsigned token (alg none) — authentication that checks nothing must fail
  'const-id', // broken, §2 rule 3: every generated id is the same, so a second create without id overwrites the first
  'delete-404-removes', // broken, §7: a delete by id whose where matches nothing answers 404 "nothing matches", yet removes the record
  'delete-item-ok', // faithful: a delete item's status is the reason phrase of its code 200 ('OK'), not of 205
  'drop-null-fields', // faithful: a field created as null is read as absent (null is how JSON says "no value")
  'dup-period', // faithful: the duplicate-id message keeps the period of the description's sentence, 'Id already found.'
  'empty-create-201', // faithful: a create without a body creates an empty record (the path id, or a generated one); link types then lack their name (406)
  'empty-create-refused', // faithful: a create without a body is refused with 400
  'empty-index-200', // faithful: a read of an empty index without a query answers 200 []
  'empty-index-404', // faithful: a read of an empty index without a query answers 404
  'empty-patch-204', // faithful: an update whose body names the record and sets no field answers 204 nothing to update
  'empty-update-304', // faithful: an update without a body of a record that exists answers 304 (nothing to change)
  'empty-update-refused', // faithful: an update without a body is refused with 400
  'entries-sorted', // faithful: the entries of actions, parameters and resources are kept sorted by id
  'entry-ids-generated', // faithful: an action, parameter or resource sent without id gets a generated one (§2 rule 3 for records)
  'envelope-extras', // faithful: envelope items carry an extra field (time), beyond status, code, error and message
  'equals-any-element', // faithful: where.equals on a field holding a list matches when any element equals expr (as a search engine does)
  'equals-by-value', // faithful: where.equals compares a stored number with the value expr's JSON number text denotes ("5.0" matches 5)
  'equals-strings-only', // faithful: where.equals matches string values only (a stored number or boolean never equals an expr)
  'err-object', // broken, §7: errors other than 406 answer {error, detail} instead of the §4.1 envelope (its content is open, not its shape)
  'err404-false', // faithful: a 404 envelope says error false (the description fixes error true only for validation failures)
  'error-bodies-absent', // faithful: 400, 404, 415 and 422 answers carry no body (their content is not shown)
  'ignore-id-change', // faithful: an update whose body names another id than the path keeps the record's id and applies the rest
  'ignore-unknown-query-member', // faithful: query members other than select and where are ignored
  'infinity-out', // broken, §4.1: a number JSON cannot carry (1e400) is stored and written back as Infinity, which is not JSON
  'lenient-ct', // faithful: a body sent without Content-Type is read as JSON
  'lenient-missing-id', // broken, §4.2/§7: read of an unknown id answers 200 [] instead of 404 nothing found
  'malformed-500', // broken, §4.2: a body that is not valid JSON is a request not valid (400), but this variant fails with 500
  'missing-field-plural', // faithful: a missing nested field is named by list and index (actions[0].config), not action.config
  'msg-noid', // faithful: update and delete messages do not name the id (the description fixes the id only in the create message)
  'name-any-type', // broken, §2.2: a network link type name of another JSON type than String is stored
  'nested-extras-refused', // faithful: fields beyond the tables inside agent entries and their configs are refused (400)
  'no-ct-bodyless', // faithful: responses without a body (204, 304, 401) carry no Content-Type (there is no media type to declare)
  'no-nested-id', // broken, §2.3: an action, parameter or resource without its required id is stored without one
  'no-properties', // broken, §2.3 ParameterConfig: refuses schema properties/propeties (the preloaded value and the tabulated spelling)
  'no-types', // broken, §2.2, §2.3, §3: only presence is checked, not field types or enum values (a forbidden value is stored)
  'query-refusal-404', // faithful: a query of the wrong shape finds nothing (404) instead of being refused
  'read-nothing-204', // faithful: a read by id or by where that finds nothing answers 204
  'reason-lower', // broken, §4.1: the envelope status is the reason phrase in lower case ("created"), not as HTTP spells it
  'refuse-400', // faithful: a value the data model forbids is refused with 400 (a missing field stays 406, §4.1 rule 4)
  'refuse-422', // faithful: a value the data model forbids is refused with 422 (a missing field stays 406, §4.1 rule 4)
  'no415-delete', // faithful: a bodyless DELETE with a non-JSON Content-Type is not refused with 415 (there is no body to type)
  'preload-names', // faithful: the two preloaded link types have other ids, names and descriptions (direct, partition)
  'replace-entry-config', // faithful: a config sent in an update of an entry replaces the stored config (merging it is the other reading)
  'replace-entry', // broken, §4.1 rule 5: an updated list entry is replaced by what is sent instead of updated field by field
  'select-ignored-by-id', // broken, §4.1 rule 8: a read by id ({base}/{id}) ignores select and returns the whole record
  'shallow-compare', // broken, §4.1 update: list entries are compared at their first level only, so a change inside an entry's config answers 304 and is not stored
  'require-iss', // faithful: tokens need iss=mgmt (token contents are not shown by the description); the kit reaches it with --jwt-claims '{"iss":"mgmt"}'
  'resource-path-as-list', // faithful: a resource config path sent as one string is stored as a one-element list
  'select-absent-null', // faithful: a read with select gives a listed field the record lacks as null
  'select-adds-id', // faithful: a read with select adds the id to every record
  'strict-ct', // faithful: every request, even a bodyless GET or DELETE, must say Content-Type: application/json (§4.1 request headers)
  'strict-json', // faithful: a body nested deeper than 64 levels, holding 1e400 or bytes that are not UTF-8 is refused with 400
  'strip-nested', // broken, §2 rule 4: extra fields inside actions, parameters and resources are dropped on create
  'typed-hidden-names', // faithful: the fields whose names the description hides go by the public original's names and are typed as the description types them
  'upd-unknown-204', // faithful: an update of an unknown id answers 204 nothing to update
  'upd-unknown-400', // faithful: an update of an unknown id answers 400
  'upd-unknown-404', // broken, §4.2: an update of an unknown id answers 404, which §4.2 does not list for update
  'upd-unknown-406', // faithful: an update of an unknown id answers 406
  'update-replaces', // broken, §4.1 rules 5-7: update replaces the whole record by what is sent instead of setting the sent fields
  'validate-first', // faithful: a create or update body is checked before the id (a duplicate or unknown id with a bad value is refused for the value)
  'where-ignored', // broken, §4.1 query body: read and delete ignore where.equals (every record matches)
  // ---- realistic data (issue 26 part 1): volume, identity, content, media type, types ----
  'page-read-all-100', // broken, §4.1 rule 2: a read without a query returns the first 100 records only (a store's default page)
  'page-where-50', // broken, §4.1 query body: a read by where stops at 50 records
  'delete-where-first-page', // broken, §4.1 query body: a delete by where removes the first 100 records it matches and answers 205
  'ids-case-insensitive', // broken, §2: ids are looked up ignoring letter case, so "x" and "X" are one record
  'ids-nfc', // broken, §2: ids are normalized to Unicode NFC, so a precomposed é and e + U+0301 are one record
  'ids-trimmed', // broken, §2: ids lose surrounding spaces, so "x" and "x " are one record
  'path-plus-as-space', // broken, §4.1 {base}/{id}: a "+" in the path is read as a space, as in a form-encoded query string
  'path-double-decoded', // broken, §4.1 {base}/{id}: the path id is percent-decoded twice ("%2541" names "A")
  'path-not-decoded', // broken, §4.1 {base}/{id}: the path id is not percent-decoded ("a%20b" names "a%20b")
  'strip-empty', // broken, §2 rule 4: empty strings and empty objects in fields beyond the tables are dropped
  'drop-empty-lists', // broken, §2 rule 4: empty lists in fields beyond the tables are dropped
  'latin1-text', // broken, §2 rule 4: text is stored as Latin-1, a character beyond it becomes "?"
  'float32-numbers', // broken, §2 rule 4: numbers are stored as 32-bit floats (0.1 reads back 0.10000000149011612)
  'flatten-nested', // broken, §2 rule 4: an object in a field beyond the tables is flattened to dotted fields
  'ct-params-415', // broken, §4.1/§7: application/json with a parameter (charset) is refused with 415
  'ct-case-sensitive', // broken, §4.1/§7: the media type is compared with its letter case (Application/JSON is refused with 415)
  'types-on-create-only', // broken, §2.2, §2.3: field types are checked on create only; an update stores any type
  'types-top-level-only', // broken, §2.3: field types are checked at the top level only, not inside entries and their configs
  'enums-on-create-only', // broken, §2.3, §3: enumerations are checked on create only; an update stores any value
  'slash-id-unroutable', // faithful: an id holding "/" cannot be named in a path (%2F is refused with 404), as many HTTP stacks do
  'jsonb-like', // faithful: objects come back with their keys sorted and every character beyond ASCII written as a \u escape
  'charset-utf8-only', // faithful: application/json with a charset other than UTF-8 is refused with 415
  'schema-propeties-only', // faithful: a parameter config schema is taken only as tabulated, "propeties"; "properties" (the preloaded data's spelling) is refused with 406
  'schema-properties-only', // faithful: a parameter config schema is taken only as the preloaded data spells it, "properties"; the tabulated "propeties" is refused with 406
  // ---- end of realistic data ----
  // ---- classes of issue 36 point 5: typed text, long strings, long ids, where words, delete-all paging, JWT spellings, JSON types in updates ----
  'datetime-reformatted', // broken, §2 rule 4: a string beyond the tables that reads as an ISO 8601 date-time is stored as a date and read back re-formatted (toISOString)
  'date-only-reformatted', // broken, §2 rule 4: a string beyond the tables that reads as an ISO 8601 date (2026-11-28) is read back as a date-time at midnight UTC
  'numeric-text-as-number', // broken, §2 rule 4: a string beyond the tables that reads as a decimal number ("42", "0042", "1.50") is stored as a JSON number
  'numbers-exponent-form', // faithful: numbers in read answers are written in exponent form (1000 → 1e3, 0.5 → 5e-1), another JSON spelling of the same value
  'truncate-255', // broken, §2 rule 4: a string value (not the id) longer than 255 characters is cut to 255, as a varchar(255) column does
  'truncate-utf8-4000', // broken, §2 rule 4: a string value (not the id) longer than 4000 UTF-8 bytes is cut there (a character split at the edge dropped)
  'truncate-65535', // broken, §2 rule 4: a string value (not the id) longer than 65535 UTF-8 bytes is cut there, as a TEXT column does
  'long-values-refused', // faithful: a string value (not the id) longer than 1000 characters is refused with 422, nothing stored or changed (§8: size limits not shown)
  'ids-truncated-255', // broken, §2 rule 3: ids longer than 255 characters are cut to 255 on create, read, update and delete (two ids sharing 255 characters are one record)
  'ids-truncated-512-bytes', // broken, §2 rule 3: ids longer than 512 UTF-8 bytes are cut there (a search engine's key limit), on every operation
  'long-ids-refused', // faithful: a request naming an id longer than 200 characters (body or path) is refused with 400, nothing stored (§8: size limits not shown)
  'nul-refused', // faithful: a create or update holding U+0000 in a string (a value or a field name) is refused with 400, nothing stored or changed (RFC 8259 section 9: a parser may limit the characters of strings)
  'nul-dropped', // broken, §2 rule 4: U+0000 is removed from string values before they are stored, and the create or update answers as if it kept them
  'edge-numbers-500', // broken, §2 rule 4, §4.2: a create or update holding a number beyond a 32-bit float's range or a subnormal double answers 500 (it neither keeps nor refuses it)
  'edge-numbers-refused', // faithful: a create or update holding a number beyond a 32-bit float's range or a subnormal double is refused with 422, nothing stored or changed (RFC 8259 section 9: a parser may limit the range of numbers)
  'where-word-match', // broken, §4.1 query body: where.equals matches when expr is the value or a run of its words, as a phrase search does
  'where-accent-folding', // broken, §4.1 query body: where.equals compares with accents removed (é equals e)
  'where-punctuation-folding', // broken, §4.1 query body: where.equals compares with punctuation and runs of spaces collapsed ("a-b" equals "a b")
  'delete-all-first-page', // broken, §4.1 rule 1: a delete without a body removes the first 100 records only and answers 205
  'delete-all-first-10', // broken, §4.1 rule 1: a delete without a body removes the first 10 records only (a search engine's default page) and answers 205
  'delete-all-batched', // faithful: a delete without a body removes the records in batches of 100 until the index is empty, one envelope item per batch
  'jwt-empty-key', // broken, §5: a token signed HS256 with an empty key is accepted
  'alg-none-any-case', // broken, §5: an unsigned token whose alg is none in another letter case (None, NONE, nOnE) is accepted
  'alg-lowercase-unchecked', // broken, §5: a token whose alg is hs256 (lower case) is accepted without checking its signature
  'alg-case-insensitive', // faithful: the alg of a token header is compared ignoring letter case (hs256 is HS256); the signature is checked all the same (§5: the token's form is not shown)
  'alg-strict', // faithful: a token header must say alg exactly HS256, and typ, when present, exactly JWT (§5: the token's form is not shown)
  'loose-compare', // broken, §4.1 update: change detection compares values as text, so 1 → "1" or true → "true" answers 304 and stores nothing
  'number-bool-equal', // broken, §4.1 update: change detection takes 0 and false, 1 and true for equal, so such an update answers 304 and stores nothing
  'numbers-by-value', // faithful: numbers are kept as spelled (1.0 reads back 1.0) and compared by value, so setting 1.0 where 1 is stored answers 304
  // ---- end of the classes of issue 36 point 5 ----
];

// ---------------- concurrency switches (begin) ----------------
// Broken switches that only a race shows: each puts a short await (2-5 ms, as a database round
// trip would) between a check and the write that relies on it, so requests sent at the same time
// interleave there. Sent one at a time, the server behaves as without them. The suite's
// @concurrency scenarios and `mgmt-kit fuzz --concurrency` must catch each one.
const CONCURRENCY_VARIANT_NAMES = [
  'race-create', // broken, §4.1 rule 3: a create checks that its id is free, then writes a few ms later, overwriting a record created meanwhile (two 201s for one id)
  'race-lost-update', // broken, §4.1 update: an update reads the record, then writes the record it read plus its fields a few ms later (another update answered 200 meanwhile is lost)
  'race-update-resurrects', // broken, §4.1 delete: an update that found the record writes it back a few ms later even if a delete answered 205 meanwhile
  'race-delete-twice', // broken, §7: a delete that found the record deletes it a few ms later, so two deletes of one record both answer 205
  'race-delete-in-steps', // broken, §4.1 read: a delete empties the record first and removes it a few ms later, so a read meanwhile sees a record nobody wrote
];
VARIANT_NAMES.push(...CONCURRENCY_VARIANT_NAMES);

const raceWindow = () => new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 3));
// The record id a create or update names, when it names one record.
const namedId = (pathId, body) => pathId ?? (isObj(body) && typeof body.id === 'string' ? body.id : undefined);

async function racedCreate(ix, pathId, body) {
  const id = namedId(pathId, body);
  if (!V.has('race-create') || id === undefined || ix.records.has(id)) return doCreate(ix, pathId, body);
  await raceWindow();
  ix.records.delete(id); // the id was free when checked: whatever was created meanwhile is overwritten
  return doCreate(ix, pathId, body);
}

async function racedUpdate(ix, pathId, body) {
  const id = namedId(pathId, body);
  const found = id === undefined ? undefined : ix.records.get(id);
  if (!found || !(V.has('race-lost-update') || V.has('race-update-resurrects'))) return doUpdate(ix, pathId, body);
  const read = clone(found);
  await raceWindow();
  // race-lost-update applies the update to the copy it read; race-update-resurrects only brings back a record deleted meanwhile.
  if (V.has('race-lost-update') || !ix.records.has(id)) ix.records.set(id, read);
  return doUpdate(ix, pathId, body);
}

async function racedDelete(ix, pathId, body) {
  const found = pathId === undefined ? undefined : ix.records.get(pathId);
  if (!found || !(V.has('race-delete-twice') || V.has('race-delete-in-steps'))) return doDelete(ix, pathId, body);
  if (V.has('race-delete-in-steps')) {
    const emptied = { id: found.id };
    ix.records.set(pathId, emptied);
    await raceWindow();
    if (ix.records.get(pathId) === emptied) ix.records.set(pathId, found);
    return doDelete(ix, pathId, body);
  }
  await raceWindow();
  if (!ix.records.has(pathId)) ix.records.set(pathId, found); // found before the window, deleted after it
  return doDelete(ix, pathId, body);
}
// ---------------- concurrency switches (end) ----------------

const PORT = Number(process.env.PORT || 9090);
const SECRET = process.env.JWT_SECRET || '';
const V = new Set((process.env.VARIANTS || '').split(',').filter(Boolean));
// LATENCY_MS=20 answers every request that much later (a deployment 20 ms away, for
// npm run bench:distant); BACKLOG=5 keeps a small accept queue, as Python's http.server does (5),
// so a client that opens many connections at once sees its extra connection attempts dropped.
const LATENCY_MS = Number(process.env.LATENCY_MS || 0);
const BACKLOG = process.env.BACKLOG ? Number(process.env.BACKLOG) : undefined;

// ---------------- random faithful choice (RANDOM_FAITHFUL) ----------------
// RANDOM_FAITHFUL=<seed> adds, at every open point, one of its faithful choices (as written or a
// switch), picked deterministically from the seed, and prints them: `random faithful <seed>: a,b`.
// RANDOM_FAITHFUL=list prints the open points as JSON and exits. Every faithful switch is in
// exactly one group (faithful-profiles.test.ts checks it); each group's choices exclude each other.
const OPEN_POINT_CHOICES = {
  'delete-envelope': [[], ['delete-item-ok']],
  'null-field-on-create': [[], ['drop-null-fields']],
  'duplicate-id-message': [[], ['dup-period']],
  'empty-body-create': [[], ['empty-create-201'], ['empty-create-refused']],
  'empty-index-read': [[], ['empty-index-200'], ['empty-index-404']],
  'empty-body-update': [[], ['empty-update-304'], ['empty-update-refused']],
  'empty-patch': [[], ['empty-patch-204']],
  'entry-order': [[], ['entries-sorted']],
  'entry-without-id': [[], ['entry-ids-generated']],
  'envelope-extra-fields': [[], ['envelope-extras']],
  'where-on-non-string': [[], ['equals-strings-only'], ['equals-by-value']],
  'where-on-list': [[], ['equals-any-element']],
  'error-envelope-content': [[], ['err404-false'], ['error-bodies-absent']],
  'id-change': [[], ['ignore-id-change']],
  'unknown-query-member': [[], ['ignore-unknown-query-member']],
  'body-without-content-type': [[], ['lenient-ct'], ['strict-ct']],
  'bodyless-delete-content-type': [[], ['no415-delete']],
  'missing-field-name': [[], ['missing-field-plural']],
  'message-wording': [[], ['msg-noid']],
  'nested-extra-fields': [[], ['nested-extras-refused']],
  'bodyless-content-type': [[], ['no-ct-bodyless']],
  'preloaded-link-types': [[], ['preload-names']],
  'refusal-status-query': [[], ['query-refusal-404']],
  'read-finds-nothing': [[], ['read-nothing-204']],
  'refusal-status': [[], ['refuse-400'], ['refuse-422']],
  'object-in-update': [[], ['replace-entry-config']],
  'token-contents': [[], ['require-iss']],
  'resource-config-path': [[], ['resource-path-as-list']],
  'select-adds-id': [[], ['select-adds-id']],
  'select-absent-field': [[], ['select-absent-null']],
  'json-edge-values': [[], ['strict-json']],
  'hidden-name-fields': [[], ['typed-hidden-names']],
  'update-unknown-id': [[], ['upd-unknown-204'], ['upd-unknown-400'], ['upd-unknown-406']],
  'order-of-checks': [[], ['validate-first']],
  'slash-in-id': [[], ['slash-id-unroutable']],
  // Open points no allowance names: how JSON is written (key order, \u escapes) and which charsets
  // of application/json a target takes besides UTF-8.
  'json-serialization': [[], ['jsonb-like']],
  'json-charset': [[], ['charset-utf8-only']],
  'config-schema-spelling': [[], ['schema-propeties-only'], ['schema-properties-only']],
  // The classes of issue 36 point 5: a size limit on values and on ids (§8), how numbers are spelled
  // (no open point: the same JSON value), how a delete-all is carried out, how strictly the token header is read (§5).
  'value-size-limit': [[], ['long-values-refused']],
  'id-length-limit': [[], ['long-ids-refused']],
  'nul-character': [[], ['nul-refused']],
  'number-range': [[], ['edge-numbers-refused']],
  'number-spelling': [[], ['numbers-exponent-form'], ['numbers-by-value']],
  'delete-all-method': [[], ['delete-all-batched']],
  'token-header-spelling': [[], ['alg-case-insensitive'], ['alg-strict']],
};
if (process.env.RANDOM_FAITHFUL === 'list') {
  console.log(JSON.stringify(OPEN_POINT_CHOICES));
  process.exit(0);
}
if (process.env.RANDOM_FAITHFUL !== undefined && process.env.RANDOM_FAITHFUL !== '') {
  const seed = Number(process.env.RANDOM_FAITHFUL);
  if (!Number.isInteger(seed)) {
    console.error(`RANDOM_FAITHFUL must be an integer seed or "list", not ${process.env.RANDOM_FAITHFUL}`);
    process.exit(2);
  }
  // mulberry32: a small deterministic generator, so a seed names the same server everywhere.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const picked = [];
  for (const choices of Object.values(OPEN_POINT_CHOICES)) picked.push(...choices[Math.floor(next() * choices.length)]);
  for (const name of picked) V.add(name);
  console.log(`random faithful ${seed}: ${picked.join(',') || '(as written)'}`);
}
// ---------------- end of random faithful choice ----------------
for (const name of V) {
  if (!VARIANT_NAMES.includes(name)) {
    console.error(`unknown variant ${name}; known: ${VARIANT_NAMES.join(', ')}`);
    process.exit(2);
  }
}

const REASON = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  205: 'Reset Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

class HttpErr extends Error {
  constructor(status, message) {
    super(typeof message === 'string' ? message : 'error');
    this.status = status;
    this.msg = message;
  }
}

// numbers-by-value: a number as the request spelled it (raw) and the value it denotes.
class JsonNumber {
  constructor(raw) {
    this.raw = raw;
    this.value = Number(raw);
  }
}
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber);
// A field named __proto__ is data like any other: `o[k] = v` would replace the prototype and
// lose it (found by mgmt-kit fuzz: a generated-id create, an update and a select dropped it).
const setField = (o, k, v) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
// infinity-out keeps a number JSON cannot carry (structuredClone does; a JSON round trip makes it null).
// numbers-by-value keeps each number as spelled (a JsonNumber), which a JSON round trip would lose.
const clone = (v) =>
  v === undefined ? v : V.has('numbers-by-value') ? cloneKeepingNumbers(v) : V.has('infinity-out') ? structuredClone(v) : JSON.parse(JSON.stringify(v));
// ---------------- realistic data (issue 26 part 1): switches of the volume, identity, content, media type and types classes ----------------
// The id as the store keys it: exact, unless a broken identity switch folds ids together.
function idKey(id) {
  if (typeof id !== 'string') return id;
  if (V.has('ids-case-insensitive')) return id.toLowerCase();
  return id;
}
// The id as a broken identity switch rewrites it before it is stored or looked up.
function normId(id) {
  if (typeof id !== 'string') return id;
  let out = id;
  if (V.has('ids-nfc')) out = out.normalize('NFC');
  else if (V.has('ids-trimmed')) out = out.trim();
  // ids-truncated-255 / ids-truncated-512-bytes: the key column or key field is that wide.
  if (V.has('ids-truncated-255')) out = cutChars(out, 255);
  if (V.has('ids-truncated-512-bytes')) out = cutUtf8(out, 512);
  return out;
}
const sameId = (a, b) => idKey(normId(a)) === idKey(normId(b));
class IdMap extends Map {
  has(k) {
    return super.has(idKey(k));
  }
  get(k) {
    return super.get(idKey(k));
  }
  set(k, v) {
    return super.set(idKey(k), v);
  }
  delete(k) {
    return super.delete(idKey(k));
  }
}
// The path segment of {base}/{id} as an id: decoded once, or as a broken switch decodes it.
function decodePathId(rest) {
  if (V.has('path-not-decoded')) return rest;
  if (V.has('path-plus-as-space')) return decodeURIComponent(rest.replace(/\+/g, ' '));
  const once = decodeURIComponent(rest);
  // path-double-decoded: a second pass decodes every escape it finds (as unescape() does).
  if (V.has('path-double-decoded')) return once.replace(/%([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return once;
}
// What a broken content switch does to a value before it is stored (fields beyond the tables only, but latin1 and float32 everywhere).
function mangleScalars(v) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every Latin-1 character, control characters included.
  if (typeof v === 'string' && V.has('latin1-text')) return v.replace(/[^\u0000-\u00ff]/gu, '?');
  if (typeof v === 'string') return truncateText(V.has('nul-dropped') ? v.replaceAll('\u0000', '') : v);
  if (typeof v === 'number' && V.has('float32-numbers')) return Math.fround(v);
  if (Array.isArray(v)) return v.map(mangleScalars);
  if (isObj(v)) {
    const o = {};
    for (const [k, x] of Object.entries(v)) setField(o, k, mangleScalars(x));
    return o;
  }
  return v;
}
function dropEmpties(v) {
  if (Array.isArray(v)) return v.map(dropEmpties);
  if (!isObj(v)) return v;
  const o = {};
  for (const [k, x] of Object.entries(v)) {
    if (V.has('strip-empty') && (x === '' || (isObj(x) && Object.keys(x).length === 0))) continue;
    if (V.has('drop-empty-lists') && Array.isArray(x) && x.length === 0) continue;
    setField(o, k, dropEmpties(x));
  }
  return o;
}
function flatten(prefix, v, out) {
  for (const [k, x] of Object.entries(v)) {
    if (isObj(x) && Object.keys(x).length > 0) flatten(`${prefix}${k}.`, x, out);
    else setField(out, `${prefix}${k}`, x);
  }
  return out;
}
// Applied to a record or an update's fields: the tabulated fields keep their shape (else the record would be refused).
const TABULATED_FIELDS = ['id', 'name', 'description', 'actions', 'parameters', 'resources'];
function mangleContent(rec) {
  const out = {};
  for (const [k, v] of Object.entries(rec)) {
    const extra = !TABULATED_FIELDS.includes(k);
    let x = k === 'id' ? v : mangleScalars(v);
    if (extra) x = retypeText(x);
    if (extra && (V.has('strip-empty') || V.has('drop-empty-lists'))) {
      if (V.has('strip-empty') && (x === '' || (isObj(x) && Object.keys(x).length === 0))) continue;
      if (V.has('drop-empty-lists') && Array.isArray(x) && x.length === 0) continue;
      x = dropEmpties(x);
    }
    if (extra && V.has('flatten-nested') && isObj(x) && Object.keys(x).length > 0) {
      flatten(`${k}.`, x, out);
      continue;
    }
    setField(out, k, x);
  }
  return out;
}
// Which media type a Content-Type names, as a broken switch compares it (and the charset-utf8-only choice).
function isJsonContentType(ctype) {
  const value = ctype.trim();
  if (V.has('ct-params-415')) return /^application\/json$/i.test(value);
  if (V.has('ct-case-sensitive')) return /^application\/json\s*(;.*)?$/.test(value);
  if (!/^application\/json\s*(;.*)?$/i.test(value)) return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(value)?.[1];
  return !(V.has('charset-utf8-only') && charset !== undefined && charset.toLowerCase() !== 'utf-8');
}
// The phase of the validation under way: the broken types switches skip checks on update.
let validationPhase = 'create';
const skipTypeCheck = (name) =>
  (V.has('types-on-create-only') && validationPhase === 'update' && name !== 'id') || (V.has('types-top-level-only') && /[.[]/.test(name));
const skipEnumCheck = (name) => (V.has('enums-on-create-only') && validationPhase === 'update') || (V.has('types-top-level-only') && /[.[]/.test(name));
// jsonb-like: keys sorted, every character beyond ASCII escaped.
function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObj(v)) return v;
  const o = {};
  for (const k of Object.keys(v).sort()) setField(o, k, sortKeys(v[k]));
  return o;
}
const asciiJson = (text) => text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
// ---------------- end of realistic data ----------------

// ---------------- classes of issue 36 point 5: typed text, long strings and ids, where words, delete-all paging, token headers, JSON types ----------------
// Cut a text to n characters (code points), as a character column of that width does.
const cutChars = (s, n) => (s.length <= n ? s : [...s].slice(0, n).join(''));
// Cut a text to n UTF-8 bytes; a character that would be split at the edge is dropped.
function cutUtf8(s, max) {
  if (Buffer.byteLength(s, 'utf8') <= max) return s;
  let bytes = 0;
  let out = '';
  for (const c of s) {
    bytes += Buffer.byteLength(c, 'utf8');
    if (bytes > max) return out;
    out += c;
  }
  return out;
}
// truncate-255 / truncate-utf8-4000 / truncate-65535: what a column of that width keeps of a value.
function truncateText(s) {
  let out = s;
  if (V.has('truncate-255')) out = cutChars(out, 255);
  if (V.has('truncate-utf8-4000')) out = cutUtf8(out, 4000);
  if (V.has('truncate-65535')) out = cutUtf8(out, 65535);
  return out;
}
// datetime-reformatted / date-only-reformatted / numeric-text-as-number: a store that types text by its look.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
function retypeText(v) {
  if (typeof v === 'string') {
    if (V.has('datetime-reformatted') && ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
    if (V.has('date-only-reformatted') && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v))) return new Date(`${v}T00:00:00Z`).toISOString();
    if (V.has('numeric-text-as-number') && DECIMAL_TEXT.test(v)) return Number(v);
    return v;
  }
  if (Array.isArray(v)) return v.map(retypeText);
  if (isObj(v)) {
    const o = {};
    for (const [k, x] of Object.entries(v)) setField(o, k, retypeText(x));
    return o;
  }
  return v;
}
// long-values-refused / long-ids-refused: the limits of this store (§8 shows none), checked before anything is stored.
const VALUE_LIMIT = 1000;
const ID_LIMIT = 200;
const LONG_ID_MESSAGE = `An id is longer than ${ID_LIMIT} characters`;
const longerThan = (s, n) => s.length > n && [...s].length > n;
const idTooLong = (id) => typeof id === 'string' && longerThan(id, ID_LIMIT);
function holdsLongValue(v) {
  if (typeof v === 'string') return longerThan(v, VALUE_LIMIT);
  if (Array.isArray(v)) return v.some(holdsLongValue);
  if (isObj(v)) return Object.values(v).some(holdsLongValue);
  return false;
}
// nul-refused / edge-numbers-refused: what this store cannot hold — U+0000 ends a C string; a 32-bit float column holds no number beyond its
// range and a DOUBLE column no subnormal — checked before anything is stored.
const FLOAT32_MAX = 3.4028234663852886e38;
const DOUBLE_MIN_NORMAL = 2.2250738585072014e-308;
const outsideRange = (n) => Math.abs(n) > FLOAT32_MAX || (n !== 0 && Math.abs(n) < DOUBLE_MIN_NORMAL);
function holdsNul(v) {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(holdsNul);
  if (isObj(v)) return Object.entries(v).some(([k, x]) => k.includes('\u0000') || holdsNul(x));
  return false;
}
function holdsEdgeNumber(v) {
  if (v instanceof JsonNumber) return outsideRange(v.value);
  if (typeof v === 'number') return outsideRange(v);
  if (Array.isArray(v)) return v.some(holdsEdgeNumber);
  if (isObj(v)) return Object.values(v).some(holdsEdgeNumber);
  return false;
}
function refuseBeyondLimits(raw) {
  if (V.has('long-ids-refused') && idTooLong(raw.id)) throw new HttpErr(400, LONG_ID_MESSAGE);
  if (V.has('long-values-refused') && Object.entries(raw).some(([k, v]) => k !== 'id' && holdsLongValue(v)))
    throw new HttpErr(422, `A value is longer than ${VALUE_LIMIT} characters`);
  if (V.has('nul-refused') && holdsNul(raw)) throw new HttpErr(400, 'A string holds U+0000, which this store cannot keep');
  if (V.has('edge-numbers-refused') && holdsEdgeNumber(raw)) throw new HttpErr(422, 'A number is beyond the range this store keeps');
  if (V.has('edge-numbers-500') && holdsEdgeNumber(raw)) throw new HttpErr(500, 'Numeric value out of range');
}
// where-word-match / where-accent-folding / where-punctuation-folding: how a text search engine compares.
const SEPARATORS = /[\s\p{P}]+/u;
const wordsOf = (s) => s.split(SEPARATORS).filter(Boolean);
function isPhraseOf(value, expr) {
  const vw = wordsOf(value);
  const ew = wordsOf(expr);
  if (ew.length === 0) return false;
  for (let i = 0; i + ew.length <= vw.length; i++) if (ew.every((w, j) => vw[i + j] === w)) return true;
  return false;
}
const withoutAccents = (s) => s.normalize('NFD').replace(/\p{M}/gu, '');
const withoutPunctuation = (s) => s.replace(/[\s\p{P}]+/gu, ' ').trim();
function textEquals(value, expr) {
  if (value === expr) return true;
  if (V.has('where-word-match') && isPhraseOf(value, expr)) return true;
  if (V.has('where-accent-folding') && withoutAccents(value) === withoutAccents(expr)) return true;
  if (V.has('where-punctuation-folding') && withoutPunctuation(value) === withoutPunctuation(expr)) return true;
  return false;
}
// delete-all-batched: every record goes, 100 at a time; one envelope item per batch.
function deleteInBatches(ix) {
  const out = [];
  while (ix.records.size > 0) {
    const batch = listRecords(ix).slice(0, 100);
    for (const r of batch) ix.records.delete(r.id);
    out.push(envelope(200, `${batch.length} record(s) deleted`, false, REASON[V.has('delete-item-ok') ? 200 : 205]));
  }
  return { status: 205, body: out };
}
// The token header as this server reads it: HS256 exactly (alg-case-insensitive: in any letter case; alg-strict: typ, when present, exactly JWT).
function headerAccepted(head, alg) {
  if (V.has('alg-case-insensitive') ? alg.toLowerCase() !== 'hs256' : alg !== 'HS256') return false;
  return !(V.has('alg-strict') && 'typ' in head && head.typ !== 'JWT');
}
function signedWithKey(parts, key) {
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  const got = b64urlDecode(parts[2]);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
// loose-compare / number-bool-equal: change detection that takes values of other JSON types for the same.
const isScalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const asNumber = (v) => (typeof v === 'boolean' ? Number(v) : v);
function sameScalar(a, b) {
  if (a instanceof JsonNumber && b instanceof JsonNumber) return a.value === b.value;
  if (V.has('loose-compare') && isScalar(a) && isScalar(b) && String(a) === String(b)) return true;
  if (V.has('number-bool-equal') && typeof a !== typeof b && (typeof a === 'boolean' || typeof b === 'boolean') && asNumber(a) === asNumber(b)) return true;
  return false;
}
// numbers-by-value: every number token of the body outside strings becomes a marked string, then a JsonNumber.
const NUMBER_MARK = '\u0000number:';
const NUMBER_TOKEN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
function parseKeepingNumbers(text) {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (inString) {
      const step = c === '\\' ? 2 : 1;
      out += text.slice(i, i + step);
      if (c === '"') inString = false;
      i += step;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER_TOKEN.lastIndex = i;
      const m = NUMBER_TOKEN.exec(text);
      if (m) {
        out += JSON.stringify(NUMBER_MARK + m[0]);
        i += m[0].length;
        continue;
      }
    }
    if (c === '"') inString = true;
    out += c;
    i += 1;
  }
  return JSON.parse(out, (_k, v) => (typeof v === 'string' && v.startsWith(NUMBER_MARK) ? new JsonNumber(v.slice(NUMBER_MARK.length)) : v));
}
function cloneKeepingNumbers(v) {
  if (Array.isArray(v)) return v.map(cloneKeepingNumbers);
  if (isObj(v)) {
    const o = {};
    for (const [k, x] of Object.entries(v)) setField(o, k, cloneKeepingNumbers(x));
    return o;
  }
  return v;
}
// JSON text of a value; a kept number is written as it was spelled.
const plainJson = (v) => JSON.stringify(v, (_k, x) => (x instanceof JsonNumber ? `@@number:${x.raw}@@` : x)).replace(/"@@number:([-+.0-9eE]+)@@"/g, '$1');
// numbers-exponent-form: 1000 → 1e3, 0.5 → 5e-1 (the same JSON values).
function inExponentForm(v) {
  if (typeof v === 'number' && Number.isFinite(v)) return new JsonNumber(v.toExponential().replace('e+', 'e'));
  if (Array.isArray(v)) return v.map(inExponentForm);
  if (isObj(v)) {
    const o = {};
    for (const [k, x] of Object.entries(v)) setField(o, k, inExponentForm(x));
    return o;
  }
  return v;
}
// ---------------- end of the classes of issue 36 point 5 ----------------

function deepEqual(a, b) {
  if (a === b || sameScalar(a, b)) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

// ---------------- validation ----------------
const ACTION_STATUS = ['started', 'stopped', 'unknown'];
const PARAM_TYPES = ['integer', 'number', 'time-duration', 'string', 'choice', 'boolean', 'binary'];
const SCHEMAS = ['yaml', 'json', 'propeties', 'properties'];

function checkStr(errs, obj, key, name, required) {
  if (!(key in obj) || obj[key] === undefined) {
    if (required) errs[name] = 'required';
    return;
  }
  if (V.has('no-types') && name !== 'id') return;
  if (skipTypeCheck(name)) return;
  if (typeof obj[key] !== 'string') errs[name] = 'invalid';
}
function checkEnum(errs, obj, key, name, values, required) {
  if (!(key in obj) || obj[key] === undefined) {
    if (required) errs[name] = 'required';
    return;
  }
  if (V.has('no-types')) return;
  if (skipEnumCheck(name) || skipTypeCheck(name)) return;
  if (V.has('no-properties') && (obj[key] === 'properties' || obj[key] === 'propeties')) {
    errs[name] = 'invalid';
    return;
  }
  if (!values.includes(obj[key])) errs[name] = 'invalid';
  if (values === SCHEMAS && obj[key] === (V.has('schema-propeties-only') ? 'properties' : V.has('schema-properties-only') ? 'propeties' : undefined))
    errs[name] = 'invalid';
}
function checkStrList(errs, obj, key, name) {
  if (!(key in obj) || skipTypeCheck(name)) return;
  const v = obj[key];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) errs[name] = 'invalid';
}
function checkBool(errs, obj, key, name) {
  if (key in obj && !skipTypeCheck(name) && typeof obj[key] !== 'boolean') errs[name] = 'invalid';
}
// typed-hidden-names: the description hides these names; the public original calls them so, and the description types them.
function checkHidden(errs, obj, checks) {
  if (!V.has('typed-hidden-names')) return;
  for (const [key, name, check] of checks) check(errs, obj, key, name, false);
}

function validateEvent(rec) {
  const errs = {};
  checkStr(errs, rec, 'id', 'id', true);
  return errs;
}
function validateLinkType(rec) {
  const errs = {};
  checkStr(errs, rec, 'id', 'id', true);
  if (V.has('name-any-type')) {
    if (!('name' in rec)) errs.name = 'required';
  } else checkStr(errs, rec, 'name', 'name', true);
  checkStr(errs, rec, 'description', 'description', false);
  return errs;
}
function validateEntryList(errs, rec, listKey, single, entryCheck) {
  if (!(listKey in rec)) return;
  const list = rec[listKey];
  if (!Array.isArray(list)) {
    errs[listKey] = 'invalid';
    return;
  }
  const seen = new Set();
  list.forEach((e, i) => {
    if (!isObj(e)) {
      errs[listKey] = 'invalid';
      return;
    }
    // missing-field-plural names a nested field by list and index; parameter.type is fixed by §4.1 rule 4.
    const name = V.has('missing-field-plural') ? `${listKey}[${i}]` : single;
    checkStr(errs, e, 'id', `${name}.id`, !V.has('no-nested-id'));
    if (typeof e.id === 'string') {
      if (seen.has(e.id)) errs[`${name}.id`] = 'duplicate';
      seen.add(e.id);
    }
    checkStr(errs, e, 'description', `${name}.description`, false);
    checkStr(errs, e, 'example', `${name}.example`, false);
    entryCheck(errs, e, name, single);
  });
}
function validateAgent(rec) {
  const errs = {};
  checkStr(errs, rec, 'id', 'id', true);
  checkHidden(errs, rec, [
    ['description', 'description', checkStr],
    ['deployment_source', 'deployment_source', checkStrList],
  ]);
  validateEntryList(errs, rec, 'actions', 'action', (errs, a, p) => {
    checkEnum(errs, a, 'status', `${p}.status`, ACTION_STATUS, false);
    if (!('config' in a)) {
      errs[`${p}.config`] = 'required';
      return;
    }
    if (!isObj(a.config)) {
      errs[`${p}.config`] = 'invalid';
      return;
    }
    checkStr(errs, a.config, 'cmd', `${p}.config.cmd`, true);
    checkHidden(errs, a.config, [
      ['args', `${p}.config.args`, checkStrList],
      ['daemon', `${p}.config.daemon`, checkBool],
    ]);
  });
  validateEntryList(errs, rec, 'parameters', 'parameter', (errs, pm, p, single) => {
    checkEnum(errs, pm, 'type', `${single}.type`, PARAM_TYPES, true);
    checkHidden(errs, pm, [['list', `${p}.list`, checkBool]]);
    if (!('config' in pm)) {
      errs[`${p}.config`] = 'required';
      return;
    }
    if (!isObj(pm.config)) {
      errs[`${p}.config`] = 'invalid';
      return;
    }
    checkEnum(errs, pm.config, 'schema', `${p}.config.schema`, SCHEMAS, true);
    checkStr(errs, pm.config, 'source', `${p}.config.source`, false);
    checkStrList(errs, pm.config, 'path', `${p}.config.path`);
  });
  validateEntryList(errs, rec, 'resources', 'resource', (errs, r, p) => {
    if (!('config' in r)) {
      errs[`${p}.config`] = 'required';
      return;
    }
    if (!isObj(r.config)) {
      errs[`${p}.config`] = 'invalid';
      return;
    }
    if ('path' in r.config) {
      const v = r.config.path;
      const ok = typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
      if (!ok) errs[`${p}.config.path`] = 'invalid';
    }
  });
  return errs;
}

// ---------------- indices ----------------
const INDICES = {
  '/event': { noun: 'Event', prefix: 'evt_', validate: validateEvent, lists: [] },
  '/type/network-link': { noun: 'Network link type', prefix: 'nlt_', validate: validateLinkType, lists: [] },
  '/catalog/agent': { noun: 'Agent', prefix: 'agt_', validate: validateAgent, lists: ['actions', 'parameters', 'resources'] },
};
for (const ix of Object.values(INDICES)) {
  ix.records = new IdMap();
  ix.seq = 0;
}
if (V.has('preload-names')) {
  INDICES['/type/network-link'].records.set('direct', { id: 'direct', name: 'Direct link', description: 'Point-to-point link between two nodes' });
  INDICES['/type/network-link'].records.set('partition', { id: 'partition', name: 'Partition', description: 'A network slice' });
} else {
  INDICES['/type/network-link'].records.set('point-to-point', {
    id: 'point-to-point',
    name: 'Point-to-point link',
    description: 'A direct link between exactly two endpoints',
  });
  INDICES['/type/network-link'].records.set('slice', {
    id: 'slice',
    name: 'Network slice',
    description: 'A logical network partition carved out of a shared infrastructure',
  });
}

function newId(ix) {
  if (V.has('const-id')) return `${ix.prefix}generated`;
  let id;
  do {
    ix.seq += 1;
    id = ix.prefix + String(ix.seq).padStart(6, '0');
  } while (ix.records.has(id));
  return id;
}

// newest first
const listRecords = (ix) => [...ix.records.values()].reverse();

// What a stored agent looks like under the open choices of the entries: sorted by id, a resource
// path as a list, a generated id for an entry sent without one.
let entrySeq = 0;
function shapeEntries(ix, rec) {
  for (const list of ix.lists) {
    if (!Array.isArray(rec[list])) continue;
    if (V.has('entry-ids-generated')) for (const e of rec[list]) if (isObj(e) && !('id' in e)) e.id = `entry_${++entrySeq}`;
    if (V.has('resource-path-as-list') && list === 'resources')
      for (const e of rec[list]) if (isObj(e) && isObj(e.config) && typeof e.config.path === 'string') e.config.path = [e.config.path];
    if (V.has('entries-sorted') && rec[list].every((e) => isObj(e) && typeof e.id === 'string'))
      rec[list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return rec;
}

// drop-null-fields: a field sent as null is read as absent (lists keep their null entries).
function dropNullFields(value) {
  if (Array.isArray(value)) {
    value.forEach(dropNullFields);
    return;
  }
  if (!isObj(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if (v === null) delete value[k];
    else dropNullFields(v);
  }
}

// nested-extras-refused: the fields each entry and config may hold (the hidden names only when typed under them).
const ENTRY_FIELDS = ['id', 'config', 'status', 'type', 'description', 'example'];
const CONFIG_FIELDS = ['cmd', 'schema', 'source', 'path'];
function nestedExtra(ix, rec) {
  const entryFields = V.has('typed-hidden-names') ? [...ENTRY_FIELDS, 'list', 'values'] : ENTRY_FIELDS;
  const configFields = V.has('typed-hidden-names') ? [...CONFIG_FIELDS, 'args', 'daemon'] : CONFIG_FIELDS;
  for (const list of ix.lists) {
    for (const e of Array.isArray(rec[list]) ? rec[list] : []) {
      if (!isObj(e)) continue;
      const extra =
        Object.keys(e).find((k) => !entryFields.includes(k)) ?? (isObj(e.config) ? Object.keys(e.config).find((k) => !configFields.includes(k)) : undefined);
      if (extra !== undefined) return `${list}: unknown field ${extra}`;
    }
  }
  return undefined;
}

// refuse-400 / refuse-422: a value the data model forbids (not a missing field, which §4.1 rule 4 fixes at 406).
function validationStatus(errs) {
  if (!isObj(errs)) return 406;
  const onlyValues = Object.values(errs).every((v) => v !== 'required');
  if (onlyValues && V.has('refuse-400')) return 400;
  if (onlyValues && V.has('refuse-422')) return 422;
  return 406;
}
// validate-first: the type and enum problems of a body, before its id is looked at.
function valueProblems(ix, rec) {
  const errs = Object.entries(ix.validate(rec)).filter(([, v]) => v !== 'required');
  return errs.length > 0 ? Object.fromEntries(errs) : undefined;
}

// ---------------- helpers ----------------
function envelope(code, message, error = false, statusText) {
  const status = statusText || REASON[code];
  const item = { status: V.has('reason-lower') ? status.toLowerCase() : status, code, error, message };
  if (V.has('envelope-extras')) item.time = new Date().toISOString();
  return item;
}
// infinity-out writes a non-finite number as JavaScript prints it, which is not JSON.
function toText(body) {
  if (V.has('jsonb-like')) return asciiJson(plainJson(sortKeys(body)));
  if (V.has('infinity-out'))
    return JSON.stringify(body, (_key, v) => (typeof v === 'number' && !Number.isFinite(v) ? `@@${v}@@` : v)).replace(/"@@(-?Infinity|NaN)@@"/g, '$1');
  return plainJson(body);
}
function send(res, status, body) {
  res.statusCode = status;
  if (!(V.has('no-ct-bodyless') && (body === undefined || status === 204 || status === 304))) res.setHeader('Content-Type', 'application/json');
  if (body === undefined || status === 204 || status === 304) {
    res.end();
    return;
  }
  res.end(toText(body));
}
function fail(res, status, message) {
  if (status === 401) return send(res, 401, undefined); // empty body on authentication failure
  if (V.has('error-bodies-absent') && [400, 404, 415, 422].includes(status)) return send(res, status, undefined);
  if (V.has('err-object') && status !== 406) return send(res, status, { error: REASON[status], detail: message });
  if (status === 404 && V.has('err404-false')) return send(res, 404, [envelope(404, message, false)]);
  send(res, status, [envelope(status, message, true)]);
}

// strict-json: what a decoder that refuses the edges of JSON refuses.
function isPlainJson(bytes, value) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const within = (v, depth) => {
    if (depth > 64) return false;
    if (typeof v === 'number') return Number.isFinite(v);
    if (v instanceof JsonNumber) return Number.isFinite(v.value);
    if (Array.isArray(v)) return v.every((x) => within(x, depth + 1));
    if (isObj(v)) return Object.values(v).every((x) => within(x, depth + 1));
    return true;
  };
  return within(value, 1);
}

function b64urlDecode(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error('bad b64');
  return Buffer.from(s, 'base64url');
}
function verifyJwt(header) {
  if (!header || !SECRET) return false;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return false;
  const parts = m[1].split('.');
  if (parts.length !== 3) return false;
  try {
    const head = JSON.parse(b64urlDecode(parts[0]).toString('utf8'));
    if (!isObj(head)) return false;
    const alg = typeof head.alg === 'string' ? head.alg : '';
    const unsigned = (V.has('alg-none') && alg === 'none') || (V.has('alg-none-any-case') && alg !== 'none' && alg.toLowerCase() === 'none');
    if (unsigned) {
      const c = JSON.parse(b64urlDecode(parts[1]).toString('utf8'));
      return isObj(c);
    }
    // alg-lowercase-unchecked: "hs256" goes past the signature check (a library branch that takes it for another algorithm).
    const unchecked = V.has('alg-lowercase-unchecked') && alg === 'hs256';
    if (!unchecked && !headerAccepted(head, alg)) return false;
    if (!unchecked && !signedWithKey(parts, SECRET) && !(V.has('jwt-empty-key') && signedWithKey(parts, ''))) return false;
    const claims = JSON.parse(b64urlDecode(parts[1]).toString('utf8'));
    if (!isObj(claims)) return false;
    const now = Math.floor(Date.now() / 1000);
    if (V.has('require-iss') && claims.iss !== 'mgmt') return false;
    if ('exp' in claims && (typeof claims.exp !== 'number' || now >= claims.exp)) return false;
    if ('nbf' in claims && (typeof claims.nbf !== 'number' || now < claims.nbf)) return false;
    return true;
  } catch {
    return false;
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > 5 * 1024 * 1024) {
        reject(new HttpErr(400, 'Payload too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function route(pathname) {
  let p = pathname;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  for (const base of Object.keys(INDICES)) {
    if (p === base) return { ix: INDICES[base], pathId: undefined };
    if (p.startsWith(`${base}/`)) {
      const rest = p.slice(base.length + 1);
      if (rest && !rest.includes('/')) {
        if (V.has('slash-id-unroutable') && /%2f/i.test(rest)) return null;
        let id;
        try {
          id = normId(decodePathId(rest));
        } catch {
          return null;
        }
        return { ix: INDICES[base], pathId: id };
      }
    }
  }
  return null;
}

// ---------------- query ----------------
// query-refusal-404: a query of the wrong shape finds nothing instead of being refused.
class QueryFindsNothing extends Error {}
function parseQuery(q, allowSelect) {
  try {
    return parseQueryStrictly(q, allowSelect);
  } catch (e) {
    if (V.has('query-refusal-404') && e instanceof HttpErr) throw new QueryFindsNothing();
    throw e;
  }
}
function parseQueryStrictly(q, allowSelect) {
  if (q === undefined) return {};
  if (!isObj(q)) throw new HttpErr(400, 'Query must be a JSON object');
  for (const k of Object.keys(q)) {
    if (k !== 'select' && k !== 'where' && !V.has('ignore-unknown-query-member')) throw new HttpErr(400, `Unknown query member '${k}'`);
  }
  const out = {};
  if ('select' in q) {
    if (!allowSelect) throw new HttpErr(400, 'select is only meaningful when reading');
    if (!Array.isArray(q.select) || q.select.length === 0 || !q.select.every((s) => typeof s === 'string')) {
      throw new HttpErr(400, 'select must be a non-empty list of field names');
    }
    out.select = q.select;
  }
  if ('where' in q) {
    const w = q.where;
    if (!isObj(w)) throw new HttpErr(400, 'where must be an object');
    for (const k of Object.keys(w)) if (k !== 'equals') throw new HttpErr(422, `Condition '${k}' cannot be evaluated`);
    if ('equals' in w) {
      const e = w.equals;
      if (!isObj(e) || typeof e.target !== 'string' || !('expr' in e) || typeof e.expr !== 'string') {
        throw new HttpErr(400, 'where.equals needs string target and string expr');
      }
      out.where = e;
    }
  }
  return out;
}
// equals-by-value: the number a JSON number text denotes ("5.0" → 5); NaN for any other text.
const numberOfText = (text) => (/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(text) ? Number(text) : NaN);
function scalarMatches(kept, expr) {
  const v = kept instanceof JsonNumber ? kept.value : kept;
  if (typeof v === 'string') return textEquals(v, expr);
  if (typeof v === 'number' && V.has('equals-by-value')) return v === numberOfText(expr);
  if (typeof v === 'number' || typeof v === 'boolean') return !V.has('equals-strings-only') && String(v) === expr;
  return false;
}
function matches(rec, eq) {
  if (!eq || V.has('where-ignored')) return true;
  if (!Object.hasOwn(rec, eq.target)) return false;
  const v = rec[eq.target];
  if (Array.isArray(v) && V.has('equals-any-element')) return v.some((x) => scalarMatches(x, eq.expr));
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof JsonNumber) return scalarMatches(v, eq.expr);
  return plainJson(v) === eq.expr;
}
function project(rec, select) {
  if (!select) return clone(rec);
  const o = {};
  if (V.has('select-adds-id')) o.id = rec.id;
  for (const f of select) {
    if (Object.hasOwn(rec, f)) setField(o, f, clone(rec[f]));
    else if (V.has('select-absent-null')) setField(o, f, null);
  }
  return o;
}

// ---------------- operations ----------------
// The records a create or update body carries: one object, or a list (not with a path id).
function bodyItems(pathId, body) {
  if (Array.isArray(body)) {
    if (pathId !== undefined) throw new HttpErr(400, 'A list body cannot be combined with an id in the path');
    return body;
  }
  if (isObj(body)) return [body];
  throw new HttpErr(400, 'Body must be a JSON object or a list of objects');
}

function doCreate(ix, pathId, body) {
  const items = bodyItems(pathId, body);
  if (items.length === 0) return { status: 204 };
  const prepared = [];
  const batchIds = new Set();
  for (const raw of items) {
    if (!isObj(raw)) throw new HttpErr(400, 'Every record must be a JSON object');
    refuseBeyondLimits(raw);
    const rec = mangleContent(clone(raw));
    if (typeof rec.id === 'string') rec.id = normId(rec.id);
    if (pathId !== undefined) {
      if ('id' in rec && rec.id !== pathId) throw new HttpErr(422, `Path id '${pathId}' does not agree with body id`);
      rec.id = pathId;
    }
    if (!('id' in rec) || rec.id === null) rec.id = undefined;
    if (V.has('drop-null-fields')) dropNullFields(rec);
    const generated = rec.id === undefined;
    const extra = V.has('nested-extras-refused') ? nestedExtra(ix, rec) : undefined;
    if (extra) throw new HttpErr(400, extra);
    if (V.has('entry-ids-generated')) shapeEntries(ix, rec);
    if (V.has('validate-first')) {
      const problems = valueProblems(ix, { ...rec, id: generated ? 'x' : rec.id });
      if (problems) return { status: 406, message: problems };
    }
    if (!generated) {
      if (typeof rec.id !== 'string' || rec.id === '') return { status: 406, message: { id: 'invalid' } };
      if (ix.records.has(rec.id) || batchIds.has(rec.id)) return { status: 406, message: V.has('dup-period') ? 'Id already found.' : 'Id already found' };
    }
    const errs = ix.validate({ ...rec, id: generated ? 'x' : rec.id });
    if (Object.keys(errs).length) return { status: 406, message: errs };
    if (!generated) batchIds.add(rec.id);
    if (V.has('strip-nested'))
      for (const l of ix.lists)
        if (Array.isArray(rec[l]))
          rec[l] = rec[l].map((e) => {
            const o = { id: e.id, config: e.config };
            for (const k of ['type', 'status', 'description', 'example']) if (k in e) o[k] = e[k];
            return o;
          });
    prepared.push({ rec, generated });
  }
  const out = [];
  for (const { rec, generated } of prepared) {
    if (generated) {
      const fresh = { id: newId(ix) };
      for (const [k, v] of Object.entries(rec)) if (k !== 'id') setField(fresh, k, v);
      ix.records.set(fresh.id, shapeEntries(ix, fresh));
      out.push(envelope(201, `${ix.noun} ${fresh.id} has been created`));
    } else {
      ix.records.set(rec.id, shapeEntries(ix, rec));
      out.push(envelope(201, `${ix.noun} ${rec.id} has been created`));
    }
  }
  return { status: 201, body: out };
}

function mergeEntries(existing, incoming) {
  const result = Array.isArray(existing) ? clone(existing) : [];
  for (const e of incoming) {
    if (!isObj(e) || typeof e.id !== 'string') {
      result.push(clone(e));
      continue;
    }
    const idx = result.findIndex((x) => isObj(x) && x.id === e.id);
    if (idx < 0) {
      result.push(clone(e));
      continue;
    }
    if (V.has('replace-entry')) {
      result[idx] = clone(e);
      continue;
    }
    const target = result[idx];
    for (const [k, v] of Object.entries(e)) {
      if (k === 'id') continue;
      if (v === null) delete target[k];
      else if (k === 'config' && isObj(v) && isObj(target.config)) target.config = V.has('replace-entry-config') ? clone(v) : { ...target.config, ...clone(v) };
      else setField(target, k, clone(v));
    }
  }
  return result;
}

function applyUpdate(ix, rec, patch) {
  if (V.has('update-replaces')) {
    const next = clone(patch);
    next.id = rec.id;
    return next;
  }
  const next = clone(rec);
  for (const [k, v] of Object.entries(patch)) {
    if (k === 'id') continue;
    if (ix.lists.includes(k) && Array.isArray(v)) next[k] = mergeEntries(next[k], v);
    else if (v === null) delete next[k];
    else setField(next, k, clone(v));
  }
  return next;
}

// The 'shallow-compare' variant's view of a record: each list entry without its object fields (config).
function firstLevelOfEntries(ix, rec) {
  const view = { ...rec };
  for (const l of ix.lists)
    if (Array.isArray(rec[l]))
      view[l] = rec[l].map((e) => (isObj(e) ? Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v !== 'object' || v === null)) : e));
  return view;
}

function doUpdate(ix, pathId, body) {
  const items = bodyItems(pathId, body);
  if (items.length === 0) return { status: 204 };
  // empty-patch-204: a body that names the record and sets nothing has nothing to update.
  if (V.has('empty-patch-204') && items.length === 1 && isObj(items[0]) && Object.keys(items[0]).every((k) => k === 'id')) return { status: 204 };
  const plan = [];
  for (let raw of items) {
    if (!isObj(raw)) throw new HttpErr(400, 'Every record must be a JSON object');
    refuseBeyondLimits(raw);
    raw = mangleContent(raw);
    let id = normId(raw.id);
    if (pathId !== undefined) {
      if (id !== undefined && id !== pathId && !V.has('ignore-id-change')) throw new HttpErr(422, 'The id of a record is read-only and cannot be changed');
      id = pathId;
    }
    if (id === undefined || id === null) return { status: 406, message: { id: 'required' } };
    if (typeof id !== 'string') return { status: 406, message: { id: 'invalid' } };
    const extra = V.has('nested-extras-refused') ? nestedExtra(ix, raw) : undefined;
    if (extra) throw new HttpErr(400, extra);
    if (V.has('validate-first')) {
      const problems = valueProblems(ix, { ...raw, id });
      if (problems) return { status: 406, message: problems };
    }
    const current = ix.records.get(id);
    if (!current) {
      if (V.has('upd-unknown-204')) return { status: 204 };
      const status = V.has('upd-unknown-404') ? 404 : V.has('upd-unknown-400') ? 400 : V.has('upd-unknown-406') ? 406 : 422;
      if (status === 406) return { status, message: { id: `No ${ix.noun.toLowerCase()} with id ${id}` } };
      throw new HttpErr(status, `No ${ix.noun.toLowerCase()} with id ${id} can be updated`);
    }
    const next = shapeEntries(ix, applyUpdate(ix, current, raw));
    validationPhase = 'update';
    let errs;
    try {
      errs = ix.validate(next);
    } finally {
      validationPhase = 'create';
    }
    if (Object.keys(errs).length) return { status: 406, message: errs };
    const same = V.has('shallow-compare') ? deepEqual(firstLevelOfEntries(ix, current), firstLevelOfEntries(ix, next)) : deepEqual(current, next);
    plan.push({ id, next, changed: !same });
  }
  if (!plan.some((p) => p.changed)) {
    return { status: 304, body: plan.map((p) => envelope(304, `Update of ${ix.noun} ${p.id} is not necessary`)) };
  }
  const out = [];
  for (const p of plan) {
    if (p.changed) {
      ix.records.set(p.id, p.next);
      out.push(envelope(200, V.has('msg-noid') ? `${ix.noun} has been updated` : `${ix.noun} ${p.id} has been updated`));
    } else out.push(envelope(304, `Update of ${ix.noun} ${p.id} is not necessary`));
  }
  return { status: 200, body: out };
}

function doRead(ix, pathId, body) {
  const q = parseQuery(body, true);
  let recs = listRecords(ix);
  if (pathId !== undefined) recs = recs.filter((r) => sameId(r.id, pathId));
  const noQuery = pathId === undefined && !q.where;
  recs = recs.filter((r) => matches(r, q.where));
  if (V.has('page-read-all-100') && noQuery) recs = recs.slice(0, 100);
  if (V.has('page-where-50') && q.where) recs = recs.slice(0, 50);
  if (recs.length === 0) {
    if (V.has('lenient-missing-id') && pathId !== undefined && !q.where) return { status: 200, body: [] };
    if (noQuery && V.has('empty-index-404')) throw new HttpErr(404, 'The index holds no record');
    if (noQuery) return V.has('empty-index-200') ? { status: 200, body: [] } : { status: 204 };
    if (V.has('read-nothing-204')) return { status: 204 };
    throw new HttpErr(404, 'The query did not match any record');
  }
  const select = V.has('select-ignored-by-id') && pathId !== undefined ? undefined : q.select;
  const listed = recs.map((r) => project(r, select));
  return { status: 200, body: V.has('numbers-exponent-form') ? listed.map(inExponentForm) : listed };
}

function doDelete(ix, pathId, body) {
  const q = parseQuery(body, false);
  let recs = listRecords(ix);
  if (pathId !== undefined) recs = recs.filter((r) => sameId(r.id, pathId));
  recs = recs.filter((r) => matches(r, q.where));
  if (V.has('delete-where-first-page') && pathId === undefined && q.where) recs = recs.slice(0, 100);
  const deleteAll = pathId === undefined && !q.where;
  if (deleteAll && V.has('delete-all-first-page')) recs = recs.slice(0, 100);
  if (deleteAll && V.has('delete-all-first-10')) recs = recs.slice(0, 10);
  if (deleteAll && V.has('delete-all-batched') && recs.length > 0) return deleteInBatches(ix);
  if (recs.length === 0) {
    if (V.has('delete-404-removes') && pathId !== undefined) ix.records.delete(pathId);
    throw new HttpErr(404, 'The query did not match any record');
  }
  const out = [];
  for (const r of recs) {
    ix.records.delete(r.id);
    if (!V.has('msg-noid')) out.push(envelope(200, `${ix.noun} ${r.id} has been deleted`, false, REASON[V.has('delete-item-ok') ? 200 : 205]));
  }
  if (V.has('msg-noid')) out.push(envelope(200, `${recs.length} record(s) deleted`, false, REASON[V.has('delete-item-ok') ? 200 : 205]));
  return { status: 205, body: out };
}

// ---------------- server ----------------
// Requests received, printed on SIGTERM (`requests received: N`): npm run bench:distant counts
// the run's requests here rather than through a proxy that would share the run's CPU.
let received = 0;
process.on('SIGTERM', () => {
  console.log(`requests received: ${received}`);
  process.exit(0);
});
const server = http.createServer(async (req, res) => {
  received++;
  if (LATENCY_MS > 0) await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
  try {
    const url = new URL(req.url, 'http://localhost');
    const r = route(url.pathname);
    if (!r) return fail(res, 404, `No resource at ${url.pathname}`);
    const ops = { POST: racedCreate, GET: doRead, PUT: racedUpdate, DELETE: racedDelete };
    if (!ops[req.method]) {
      res.setHeader('Allow', 'GET, POST, PUT, DELETE');
      return fail(res, 405, `Method ${req.method} is not supported here`);
    }
    if (!verifyJwt(req.headers.authorization)) {
      await readBody(req).catch(() => {});
      return fail(res, 401);
    }
    const bytes = await readBody(req);
    if (V.has('long-ids-refused') && r.pathId !== undefined && idTooLong(r.pathId)) return fail(res, 400, LONG_ID_MESSAGE);
    const raw = bytes.toString('utf8');
    const ctype = req.headers['content-type'];
    // lenient-ct reads a body sent without Content-Type as JSON.
    const isJson = (ctype !== undefined && isJsonContentType(ctype)) || (ctype === undefined && V.has('lenient-ct'));
    const hasBody = raw.trim().length > 0;
    if (
      (V.has('strict-ct') && !isJson) ||
      (ctype !== undefined && !isJson && !(V.has('no415-delete') && req.method === 'DELETE')) ||
      (hasBody && !isJson) ||
      ((req.method === 'POST' || req.method === 'PUT') && !isJson)
    ) {
      return fail(res, 415, 'Only application/json is accepted');
    }
    let body;
    if (hasBody) {
      try {
        body = V.has('numbers-by-value') ? parseKeepingNumbers(raw) : JSON.parse(raw);
      } catch {
        return fail(res, V.has('malformed-500') ? 500 : 400, 'The request body is not well-formed JSON');
      }
      if (V.has('strict-json') && !isPlainJson(bytes, body))
        return fail(res, 400, 'The request body nests too deep, holds a number JSON cannot carry or bytes that are not UTF-8');
    }
    if (body === undefined && req.method === 'POST') {
      if (V.has('empty-create-refused')) return fail(res, 400, 'A create needs a body');
      if (V.has('empty-create-201')) body = {};
      else return send(res, 204);
    }
    if (body === undefined && req.method === 'PUT') {
      if (V.has('empty-update-refused')) return fail(res, 400, 'An update needs a body');
      if (V.has('empty-update-304')) body = {};
      else return send(res, 204);
    }
    const result = await ops[req.method](r.ix, r.pathId, body);
    if (result.status === 406) {
      const status = validationStatus(result.message);
      return status === 406 ? send(res, 406, [envelope(406, result.message, true)]) : fail(res, status, result.message);
    }
    return send(res, result.status, result.body);
  } catch (e) {
    if (e instanceof QueryFindsNothing) return fail(res, 404, 'The query cannot match any record');
    if (e instanceof HttpErr) return fail(res, e.status, e.msg);
    console.error(e);
    return fail(res, 500, 'The server cannot satisfy the request');
  }
});
// PORT=0 asks the system for a free port; the line below tells the caller which one it got.
server.listen({ port: PORT, host: '127.0.0.1', ...(BACKLOG ? { backlog: BACKLOG } : {}) }, () =>
  console.log(`listening on 127.0.0.1:${server.address().port}`),
);
