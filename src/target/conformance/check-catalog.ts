/**
 * Every check a conformance step records (src/target/conformance/check-result.ts), with a sentence each:
 * `<rule>/<check>`, the rule a row id of features/RULES.md. The steps name checks from this table
 * only (the type says so; check-catalog.test.ts reads the steps for ids it lacks and the rule
 * matrix for rules it lacks), and a report or a reader looks them up here. An id is stable: a
 * baseline holds it, so renaming one moves every baseline that names it.
 */
export const CHECK_CATALOG = {
  '2-rule-1/status': 'An update changing the readonly id answers a refusal or ignores the new id (faithful-answers id-change; §2 rule 1).',
  '2-rule-1/id-kept': 'After an update that tried to change its id, the record stays under its first id and none appears under the new one (§2 rule 1).',
  '2-rule-3/accepted': 'A create without an id is taken where the same record with an id is (§2 rule 3: the id is generated when not provided).',
  '2-rule-3/generated-id': 'A record created without an id is stored once, under a string id the service generated (§2 rule 3).',
  '2-rule-3/generated-ids-differ': 'Two records created without an id get two different ids (§2 rule 3).',
  '2-rule-4/accepted': 'A record with fields beyond the tables is taken (a success answer) where the plain record is (§2 rule 4).',
  '2-rule-4/stored-as-sent': 'Fields beyond the tables, sent on create or update, read back as sent (§2 rule 4).',
  '2-field-types/status': 'A field given a value of another JSON type than its table states is refused: 400, 406 or 422 (§2.2, §2.3).',
  '2-field-types/nothing-stored':
    'A refused value of another JSON type stores or changes nothing; a hidden-name field kept as an extra reads back as sent (§2.2, §2.3).',
  '2-id-exact/accepted':
    'A request naming an id that holds characters a path carries percent-encoded, or differs from another only by case, normalization or a space, is taken (§2, §4.1).',
  '2-id-exact/stored-as-sent': 'A record whose id is an exact string reads back by that id as sent (§2, §4.1).',
  '2-id-exact/removed': 'A delete at the path of such an id removes that record (§2, §4.1).',
  '2-id-exact/records-listed': 'A read naming such an id (in a where, or with "+" in the path) lists exactly that record (§2, §4.1).',
  '2-rule-4-content/accepted':
    'A record holding text beyond ASCII, escapes, nesting, empty values or large numbers is taken where the plain record is (§2 rule 4).',
  '2-rule-4-content/stored-as-sent':
    'Such a record reads back exactly as sent, after create and after update: text that reads as a date, a time or a number stays that text (§2 rule 4, §2.2, §2.3).',
  '2-long-values/status':
    'A record holding string values longer than a common column width (255 characters, 4000 or 65535 UTF-8 bytes) is taken (201 on create, 200 on update), or refused for a size limit: 400, 406, 413 or 422 (§2 rule 4, §8, faithful-answers value-size-limit).',
  '2-long-values/stored-whole': 'Taken, every such value reads back whole, as sent: not cut at 255 characters, 4000 or 65535 bytes (§2 rule 4).',
  '2-edge-values/status':
    'A record holding U+0000 in a string (a value or a field name) or numbers at the edges of a double (±1e308, 5e-324) is taken (201 on create, 200 on update), or refused: 400, 406 or 422 (§2 rule 4, §8, faithful-answers nul-character, number-range).',
  '2-edge-values/stored-as-sent': 'Taken, it reads back as sent: the U+0000 kept, every number the same number (§2 rule 4).',
  '2-long-ids/status':
    'A create, update or delete naming an id longer than a common key width (255 characters, 512 UTF-8 bytes) answers as for any id (201, 200, 205); the creates may instead be refused for a length limit: 400, 406, 413 or 422 (§2 rule 3, §8, faithful-answers id-length-limit).',
  '2-long-ids/stored-as-sent': 'Two long ids that share their first 255 characters name two records, each read back by its own id as sent (§2, §4.1).',
  '2-long-ids/removed': 'A delete at the path of a long id removes that record, and only that one (§2, §4.1 delete).',
  '2.2-preload/types-listed': 'The service is preloaded with a point-to-point and a slice link type, each with a string id, name and description (§2.2).',
  '2.3-action/entry-id': 'An action without an id is refused with 406 naming it, or stored with a generated id (§2.3, §2 rule 3).',
  '2.3-parameter/entry-id': 'A parameter without an id is refused with 406 naming it, or stored with a generated id (§2.3, §2 rule 3).',
  '2.3-resource/entry-id': 'A resource without an id is refused with 406 naming it, or stored with a generated id (§2.3, §2 rule 3).',
  '2.3-action-status/accepted': 'An agent whose actions hold every listed status (started, stopped, unknown) is taken (§2.3, §3).',
  '2.3-action-status/stored-as-sent': 'That agent reads back as sent (§2.3, §3).',
  '2.3-parameter-type/accepted': 'An agent whose parameters hold every listed type is taken (§2.3).',
  '2.3-parameter-type/stored-as-sent': 'That agent reads back as sent (§2.3).',
  '2.3-parameter-config/accepted': 'An agent whose parameter configs hold a listed schema (yaml, json, properties or propeties) is taken (§2.3).',
  '2.3-parameter-config/stored-as-sent': 'That agent reads back as sent (§2.3).',
  '2.3-resource/accepted': 'An agent whose resource config path is a list of strings, or else one string, is taken (§2.3).',
  '2.3-resource/stored-as-sent': 'That agent reads back as sent (§2.3).',
  '2.3-entry-extras/status':
    'An agent with fields beyond the tables inside its entries and configs is taken (201) or refused (400, 406, 422) (§2 rule 4, §2.3).',
  '2.3-entry-extras/stored-as-sent': 'Taken, it reads back as sent: no field inside an entry dropped (§2 rule 4, §2.3).',
  '2.3-enum-refused/status': 'A value outside an enumeration, or differing from one only in letter case, is refused: 400, 406 or 422 (§2.3, §3).',
  '4.1-create/status': 'A create answers 201 (§4.1 create).',
  '4.1-create/envelope-code': 'Every item of a create envelope has code 201 and error false (§4.1 create).',
  '4.1-create/message-names-id': 'A create envelope message names the id of the created record (§4.1 create).',
  '4.1-create/stored-as-sent': 'A created record reads back by its id holding every field sent (§4.1 create).',
  '4.1-path/accepted': 'A create at {base}/{id} is taken where the same record sent to {base} is (§4.1: create is POST {base}[/{id}]).',
  '4.1-read/status': 'A read answers 200 (§4.1 read).',
  '4.1-read/list-shape': 'A read answers 200 with a JSON list of records (§4.1 read, the spec schema).',
  '4.1-read/records-listed': 'A read by id lists that record as sent, and no other (§4.1 read).',
  '4.1-update/status': 'An update that changes the record answers 200 (§4.1 update).',
  '4.1-update/envelope-code': 'Every item of an update envelope has code 200 and error false (§4.1 update).',
  '4.1-update/stored-as-sent': 'An updated record reads back with the fields set and every other field kept (§4.1 update).',
  '4.1-update-depth/status': 'An update changing one value at any depth (inside an entry, a list in it, an extra field) answers 200, not 304 (§4.1 update).',
  '4.1-update-depth/stored-as-sent': 'That update is stored (§4.1 update).',
  '4.1-update-json-type/status':
    'An update that changes only the JSON type of values (1 → "1", true → "true", "1" → 1; 0 → false, 1 → true) answers 200, not 304 (§4.1 update).',
  '4.1-update-json-type/stored-as-sent': 'That update is stored: the values read back in their new JSON type (§4.1 update).',
  '4.1-delete/status': 'A delete answers 205 (§4.1 delete).',
  '4.1-delete/envelope-code': 'Every item of a delete envelope has code 200 (not the HTTP status) and error false (§4.1 delete).',
  '4.1-delete/removed': 'A deleted record can no longer be read (§4.1 delete).',
  '4.1-delete/others-kept': 'Records a delete did not name read back as they were (§4.1 delete).',
  '4.1-envelope/envelope-present': 'A create, update, delete or validation answer carries the envelope: a non-empty list (§4.1, §7).',
  '4.1-envelope/envelope-shape': 'An envelope is a list of {status, code, error, message}, as the spec schema of its status says (§4.1).',
  '4.1-envelope/reason-phrase': "An envelope item's status is the HTTP reason phrase as RFC 9110 spells it, of the HTTP status or of the item's code (§4.1).",
  '4.1-headers/content-type': 'A response body comes with Content-Type: application/json (§4.1 response header).',
  '4.1-headers/json-body': 'A response body sent as application/json is JSON (§4.1 response header).',
  '4.1-media-type-spelling/accepted':
    'application/json with a parameter or in another letter case is taken as application/json (§4.1, §7, RFC 9110 section 8.3.1).',
  '4.1-query/records-listed':
    'A read by where.equals lists exactly the records whose value equals expr: not one that only starts with it, holds it as a run of its words, or differs from it in letter case, accents or punctuation (§4.1 query body).',
  '4.1-query/removed': 'A delete by where removes the records the where names (§4.1 query body).',
  '4.1-query/others-kept': 'A delete by where leaves every record the where does not name (§4.1 query body).',
  '4.1-concurrent/one-create-wins': 'Of creates of one new id sent at once, exactly one is taken (§4.1 rule 3 under concurrency).',
  '4.1-concurrent/stored-as-the-winner-sent': 'The record then holds the body of the create that was taken (§4.1 under concurrency).',
  '4.1-concurrent/no-update-lost': 'Every field an update sent at once with others was taken for is stored (§4.1 update under concurrency).',
  '4.1-concurrent/one-delete-wins': 'Of deletes of one record sent at once, exactly one is taken (§4.1 delete under concurrency).',
  '4.1-concurrent/deleted-stays-deleted': 'A record a delete was taken for stays gone, whatever raced it (§4.1 under concurrency).',
  '4.1-concurrent/whole-record-read': 'A read racing a delete sees the whole record as created, or nothing (§4.1 under concurrency).',
  '4.1-rule-1/removed': 'A delete without a body leaves the index empty, however many records it held: not one page of them (§4.1 rule 1).',
  '4.1-rule-2/records-listed': 'A read without a body lists every record of the index, as sent (§4.1 rule 2).',
  '4.1-volume/records-listed': 'A read lists every one of 260 records (without a query, or by a where matching them all), as sent (§4.1 rule 2, §8).',
  '4.1-volume/removed': 'A delete by a where matching 260 records removes every one (§4.1 query body, §8).',
  '4.1-rule-3/status': 'A create under an id that exists answers 406 (§4.1 rule 3).',
  '4.1-rule-3/message': 'Its envelope has an item with error true and the message "Id already found" (one trailing period allowed) (§4.1 rule 3).',
  '4.1-rule-4/status': 'A create missing a required field answers 406 (§4.1 rule 4).',
  '4.1-rule-4/message-names-field': 'Its envelope maps the dotted name of the missing field to "required" (§4.1 rule 4).',
  '4.1-rule-5/status': 'An agent update addressing entries by id answers 200 (§4.1 rule 5).',
  '4.1-rule-5/stored-as-sent': 'An agent update addresses entries by id: the entries and fields it sends are set, every other one kept (§4.1 rule 5).',
  '4.1-rule-6/status': 'A network link type update setting a new name answers 200 (§4.1 rule 6).',
  '4.1-rule-6/stored-as-sent': 'A network link type update sets its new name and keeps every other field (§4.1 rule 6).',
  '4.1-rule-7/status': 'An event update adding the field source answers 200 (§4.1 rule 7).',
  '4.1-rule-7/stored-as-sent': 'An event update adds the field source and keeps every other field (§4.1 rule 7).',
  '4.1-rule-8/records-listed': 'A read with select lists the one record named, with only the selected fields (an added id tolerated), as sent (§4.1 rule 8).',
  '4.2-create/documented-status': 'An answer to a create has a status §4.2 lists for create (201, 204, 400, 401, 406, 415, 422, 500).',
  '4.2-create/server-error': 'A create that no step expected to fail does not answer 5xx (§4.2).',
  '4.2-read/documented-status': 'An answer to a read has a status §4.2 lists for read (200, 400, 401, 404, 406, 415, 422, 500).',
  '4.2-read/server-error': 'A read that no step expected to fail does not answer 5xx (§4.2).',
  '4.2-update/documented-status': 'An answer to an update has a status §4.2 lists for update (200, 204, 304, 400, 401, 406, 415, 422, 500).',
  '4.2-update/server-error': 'An update that no step expected to fail does not answer 5xx (§4.2).',
  '4.2-delete/documented-status': 'An answer to a delete has a status §4.2 lists for delete (205, 400, 401, 404, 406, 415, 422, 500).',
  '4.2-delete/server-error': 'A delete that no step expected to fail does not answer 5xx (§4.2).',
  '4.2-batches/stored-as-sent': 'Every record of a batch create or update reads back as sent (§4.2, x-decisions batches).',
  '4.2-update-unknown-id/status': 'An update of an id that does not exist answers 204, 400, 406 or 422: not 200, 304 or 404 (§4.2, §7).',
  '4.2-malformed-body/status': 'A body that is not valid JSON, or a create or update body that is JSON but no record, is refused: 400, 406 or 422 (§4.2).',
  '5-no-token/status': 'A request without a token answers 401 (§5).',
  '5-malformed-token/status': 'A request with a token that is not a JWT answers 401 (§5).',
  '5-unsigned-token/status': 'A request with an unsigned token (alg none, in any letter case) answers 401 (§5).',
  '5-forged-token/status':
    "A request with a token whose signature the deployment's key did not make (signed with an empty key; alg hs256 in lower case over a wrong signature) answers 401 (§5).",
  '5-minted-tokens/status': 'A token minted with the secret is accepted; an expired, not yet valid or foreign-signed one answers 401 (§5).',
  '7-validation/error-true': 'Every envelope item of a refusal says error true (§7).',
  '7-media-type/status': 'A body not sent as application/json answers 415 (§7).',
  '7-not-found/status': 'A read or delete that matches nothing answers 404 (a read may answer 204) (§7).',
  '7-nothing-to-do/nothing-to-act-on': 'A create with nothing to create (an empty batch) answers 204 (§7).',
  '7-nothing-to-do/no-update-needed': 'An update that changes nothing answers 304 (§7, §4.1 update).',
  '7-nothing-to-do/unchanged':
    'An answer that says nothing was done (204, 304, 404, a refusal) left every record as it was: nothing created, changed or removed (§7, §4.2).',
  'ext-query-reg-exp/records-listed': 'where.reg_exp matches the whole value (extension, x-decisions query-language).',
  'ext-query-reg-exp-bounded/status': 'A regular expression that backtracks catastrophically is answered as one that matches nothing (extension).',
  'ext-query-reg-exp-bounded/answered-at-once': 'That answer comes within seconds (extension).',
  'ext-query-reg-exp-bounded/message-names-problem': 'A regular expression far over any length limit is refused with 400 naming reg_exp (extension).',
  'ext-query-wildcard/records-listed': 'where.wildcard matches the whole value, numbers and booleans by their JSON text (extension).',
  'ext-query-range/records-listed': 'lt, lte, gt and gte compare numbers as numbers and strings as text (extension).',
  'ext-query-and-or/records-listed': 'and and or take a list or an object of clauses; several operators in one where all hold (extension).',
  'ext-query-not/records-listed': 'not picks the records its clause does not hold for (extension).',
  'ext-query-dotted-target/records-listed': 'A dotted target names a field of a nested object (extension).',
  'ext-query-order/records-listed': 'order sorts as asked, later entries breaking ties (extension).',
  'ext-query-limit/records-listed': 'limit {from, to} cuts the ordered result, both indices included (extension).',
  'ext-query-delete/removed': 'A delete by id whose where holds removes the record (extension).',
  'ext-query-errors/status': 'A query that is not a query (unknown operator, wrong shape, not an object) answers 400 (extension).',
  'ext-query-errors/message-names-problem': 'That 400 names the problem (extension, x-decisions query-validation).',
  'ext-q-parameter/records-listed': 'A read with the query as ?q= lists what the same query in the body would (extension, x-decisions query-parameter).',
  'ext-q-parameter/removed': 'A delete by id with a where in ?q= that holds removes the record (extension).',
  'ext-q-parameter/others-kept': 'It leaves every other record (extension).',
  'ext-q-with-body/status': 'A query both in the body and as q, q twice, or a q that is not JSON answers 400 (extension).',
  'ext-q-with-body/message-names-problem': 'That 400 names q (extension).',
  'ext-batch-items/items':
    'A batch answers one envelope item per record in request order, error true exactly on the error codes (extension, x-decisions batches).',
  'ext-batch-items/stored-as-sent':
    'The records of a batch that were taken are stored as sent, a refused one not, and the others keep what they held (extension).',
  'ext-batch-status/status': 'A batch answers the status of its most severe item (extension).',
  'ext-batch-path-id/status': 'A list of records with an id in the path answers 406 (extension).',
  'ext-batch-path-id/message-names-field': 'That 406 names id (extension).',
  'ext-batch-repeated-id/status': 'A batch naming one id twice answers 406 (extension).',
  'ext-batch-repeated-id/message-names-field': 'That 406 names id (extension).',
  'ext-batch-not-a-record/status': 'A batch holding a value that is not an object is refused (extension).',
  'ext-create-item-id/item-id': 'The envelope item of a created record carries its id as a field (extension, x-decisions success-messages).',
  'ext-readonly-id/status': 'An update changing the readonly id answers 406 (extension, x-decisions readonly-id).',
  'ext-readonly-id/message-names-field': 'That 406 names id (extension).',
  'ext-path-body-id/status': 'A create whose body id differs from the path id answers 406 (extension, x-decisions id-source).',
  'ext-path-body-id/message-names-field': 'That 406 names id (extension).',
  'ext-unique-entry-ids/status': 'Entries of one list repeating an id answer 406, on create and update (extension).',
  'ext-unique-entry-ids/message-names-field': 'That 406 names the list (extension).',
} as const satisfies Record<string, string>;

export type CheckId = keyof typeof CHECK_CATALOG;

/**
 * Why a scenario could not be judged (check-result.ts BlockedScenario): its setup could not
 * establish the state it needs, or the target did not answer. Never a failure of a rule.
 */
export const BLOCK_CATALOG = {
  'setup/create':
    'A record the scenario needs could not be created: the create answered no success status (the kit also tries its plain sample record before blaming a variant of it).',
  'setup/update':
    'An update the scenario varies one thing of is refused even when it sets the fields to the values the record holds (a field the target keeps read-only).',
  'setup/read-back': 'A record the scenario needs was created, but reading it back by its id did not find it.',
  'setup/earlier-action': 'An action needs a record that an earlier action of the scenario failed to create.',
  'setup/snapshot': 'The indices could not be read before a destructive scenario.',
  'target/no-answer': 'A request got no answer (connection refused, time-out): the target, not a rule, is to blame.',
} as const satisfies Record<string, string>;

export type BlockId = keyof typeof BLOCK_CATALOG;

/** The RULES.md row a check belongs to: the part of its id before the slash. */
export function ruleOfCheck(id: CheckId): string {
  return id.slice(0, id.indexOf('/'));
}
