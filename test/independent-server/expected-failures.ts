import {
  CHANGES_A_NESTED_VALUE,
  DELETES_BY_ID_WHERE_ANOTHER_RECORD,
  READS_AN_ENVELOPE_STATUS,
  REFUSES_AN_UNSIGNED_TOKEN,
  SELECTS_ON_BOTH_PATHS,
  UPDATES_AN_UNKNOWN_ID,
} from '../self-check/broken-variant-expectations.js';
import { REALISTIC_DATA_TAGS } from '../self-check/realistic-data-tags.js';
import { CONCURRENCY_FAILURES } from './concurrency-failures.js';

/** A deviation of the independent server that breaks one rule of the description, and what the suite must catch. */
export interface BrokenVariantExpectation {
  /** The rule of the description the variant violates (shown in the test name). */
  breaks: string;
  /** The scenarios it must fail — exactly these, no more, no fewer. */
  failures: string[];
  /** The scenarios the run selects (a tag expression); default: all but the realistic-data ones. */
  tags?: string;
}

/**
 * The scenarios each broken VARIANTS switch of test/independent-server/server.mjs must fail
 * (independent-server.test.ts; profile extended, allowDestructive, jwtSecret set, so every
 * scenario is selected). Derived from real runs, each failure read and checked to be the rule the
 * variant breaks. When a scenario is renamed or added the test names the difference; update a
 * row only after reading why it changed.
 */
export const EXPECTED_FAILURES: Record<string, BrokenVariantExpectation> = {
  'const-id': {
    breaks: '§2 rule 3: generated ids must tell records apart',
    failures: [
      'Two agents created without an id get different ids',
      'Two events created without an id get different ids',
      'Two network link types created without an id get different ids',
    ],
  },
  'alg-none': {
    breaks: '§5: an unsigned token must fail authentication with 401',
    failures: [...REFUSES_AN_UNSIGNED_TOKEN],
  },
  'strip-nested': {
    breaks: '§2 rule 4: extra fields are kept, also inside actions, parameters and resources',
    failures: [
      "Extra fields inside an agent's actions are kept as sent or refused, never dropped",
      "Extra fields inside an agent's parameters are kept as sent or refused, never dropped",
      "Extra fields inside an agent's resources are kept as sent or refused, never dropped",
    ],
  },
  'replace-entry': {
    breaks: '§4.1 rule 5: list entries are updated by id, not replaced',
    failures: [
      'Update an agent sending only the changed field of an entry of its actions',
      'Update an agent sending only the changed field of an entry of its parameters',
      'Update an agent sending only the changed field of an entry of its resources',
    ],
  },
  'no-nested-id': {
    breaks: '§2.3: an entry without its required id is stored without one (neither refused nor given one)',
    failures: [
      'An agent whose action lacks an id is refused or gets one generated',
      'An agent whose parameter lacks an id is refused or gets one generated',
      'An agent whose resource lacks an id is refused or gets one generated',
    ],
  },
  'no-properties': {
    breaks: '§2.3 ParameterConfig: schema properties (preloaded) and propeties (tabulated) are valid',
    failures: ['The config schema of the preloaded data, properties or as tabulated propeties, is accepted'],
  },
  'lenient-missing-id': {
    breaks: '§4.2 and §7: read of an id that matches nothing answers 404',
    failures: [
      'Reading agents by an id that does not exist finds nothing',
      'Reading events by an id that does not exist finds nothing',
      'Reading network link types by an id that does not exist finds nothing',
    ],
  },
  'no-types': {
    breaks: '§2.2, §2.3, §3: a field of another JSON type or a value outside an enumeration is refused, nothing stored',
    failures: [
      'Creating agents whose actions.0.config.cmd is ["agent", "start"] is refused',
      'Creating agents whose actions.0.description is 5 is refused',
      'Creating agents whose actions.0.id is 42 is refused',
      'Creating agents whose actions.0.status is true is refused',
      'Creating agents whose parameters.0.config.schema is ["yaml"] is refused',
      'Creating agents whose parameters.0.config.source is false is refused',
      'Creating agents whose parameters.0.description is ["x"] is refused',
      'Creating agents whose parameters.0.id is ["period"] is refused',
      'Creating agents whose parameters.0.type is 1 is refused',
      'Creating agents whose resources.0.description is {"text": "x"} is refused',
      'Creating agents whose resources.0.id is 3 is refused',
      'Creating an agent at {base} whose action status is "paused" is refused',
      'Creating an agent at {base} whose parameter config schema is "xml" is refused',
      'Creating an agent at {base} whose parameter type is "float" is refused',
      'Creating an agent at {base}/{id} whose action status is "Started" is refused',
      'Creating an agent at {base}/{id} whose parameter config schema is "YAML" is refused',
      'Creating an agent at {base}/{id} whose parameter type is "Integer" is refused',
      'Creating network link types whose description is {"text": "x"} is refused',
      'Creating network link types whose name is 42 is refused',
      'Creating network link types whose name is null is refused',
      'Updating agents setting actions.0.config.cmd to ["agent", "start"] is refused',
      'Updating agents setting actions.0.description to 5 is refused',
      'Updating agents setting actions.0.status to true is refused',
      'Updating agents setting parameters.0.config.schema to ["yaml"] is refused',
      'Updating agents setting parameters.0.config.source to false is refused',
      'Updating agents setting parameters.0.description to ["x"] is refused',
      'Updating agents setting parameters.0.type to 1 is refused',
      'Updating agents setting resources.0.description to {"text": "x"} is refused',
      'Updating an agent at {base} setting its action status to "STOPPED" is refused',
      'Updating an agent at {base} setting its parameter config schema to "Json" is refused',
      'Updating an agent at {base} setting its parameter type to "Float" is refused',
      'Updating an agent at {base}/{id} setting its action status to "paused" is refused',
      'Updating an agent at {base}/{id} setting its parameter config schema to "xml" is refused',
      'Updating an agent at {base}/{id} setting its parameter type to "float" is refused',
      'Updating network link types setting description to {"text": "x"} is refused',
      'Updating network link types setting name to 42 is refused',
    ],
  },
  'reason-lower': {
    breaks: '§4.1: the envelope status is the HTTP reason phrase as HTTP spells it',
    failures: [...READS_AN_ENVELOPE_STATUS],
  },
  'select-ignored-by-id': {
    breaks: '§4.1 rule 8: select returns only the listed fields, on {base}/{id} as on {base}',
    failures: SELECTS_ON_BOTH_PATHS.filter((name) => name.includes('{base}/{id}')),
  },
  'delete-404-removes': {
    breaks: '§7: a delete whose where matches nothing answers 404 and removes nothing',
    failures: [...DELETES_BY_ID_WHERE_ANOTHER_RECORD],
  },
  'shallow-compare': {
    breaks: '§4.1 update: a value changed inside an entry of actions, parameters or resources is a change (200, stored), not 304',
    failures: CHANGES_A_NESTED_VALUE.filter((name) => name.startsWith('Update an agent changing only')),
  },
  'upd-unknown-404': {
    breaks: '§4.2: an update of an unknown id answers a status update lists (204, 400, 406, 422), never 404',
    failures: [...UPDATES_AN_UNKNOWN_ID],
  },
  // ---- realistic data (issue 26 part 1): run on the realistic-data tags only (realistic-data-tags.ts) ----
  'page-read-all-100': {
    breaks: '§4.1 rule 2: a read without a query returns every record, not the first page of 100',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Every one of 260 agents is counted by a read without a query, a read by where and a delete by where',
      'Every one of 260 events is counted by a read without a query, a read by where and a delete by where',
      'Every one of 260 network link types is counted by a read without a query, a read by where and a delete by where',
    ],
  },
  'page-where-50': {
    breaks: '§4.1 query body: a read by where returns every record it matches, not the first 50',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Every one of 260 agents is counted by a read without a query, a read by where and a delete by where',
      'Every one of 260 events is counted by a read without a query, a read by where and a delete by where',
      'Every one of 260 network link types is counted by a read without a query, a read by where and a delete by where',
    ],
  },
  'delete-where-first-page': {
    breaks: '§4.1 query body: a delete by where removes every record it matches, not the first page',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Every one of 260 agents is counted by a read without a query, a read by where and a delete by where',
      'Every one of 260 events is counted by a read without a query, a read by where and a delete by where',
      'Every one of 260 network link types is counted by a read without a query, a read by where and a delete by where',
    ],
  },
  'ids-case-insensitive': {
    breaks: '§2: ids that differ only by letter case are two records',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents whose ids differ only by letter case are two records',
      'events whose ids differ only by letter case are two records',
      'network link types whose ids differ only by letter case are two records',
    ],
  },
  'ids-nfc': {
    breaks: '§2: ids that differ only by Unicode normalization are two records',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents whose ids differ only by Unicode normalization are two records',
      'events whose ids differ only by Unicode normalization are two records',
      'network link types whose ids differ only by Unicode normalization are two records',
    ],
  },
  'ids-trimmed': {
    breaks: '§2: ids that differ only by a trailing space are two records',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents whose ids differ only by a trailing space are two records',
      'events whose ids differ only by a trailing space are two records',
      'network link types whose ids differ only by a trailing space are two records',
    ],
  },
  'path-plus-as-space': {
    breaks: '§4.1 {base}/{id}: a "+" in the path is a plus sign',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'A plus sign in the path of agents is a plus sign, not a space',
      'A plus sign in the path of events is a plus sign, not a space',
      'A plus sign in the path of network link types is a plus sign, not a space',
    ],
  },
  'path-double-decoded': {
    breaks: '§4.1 {base}/{id}: the path id is percent-decoded once',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents whose id holds a percent sign is created, read, updated and deleted at its path',
      'events whose id holds a percent sign is created, read, updated and deleted at its path',
      'network link types whose id holds a percent sign is created, read, updated and deleted at its path',
    ],
  },
  'path-not-decoded': {
    breaks: '§4.1 {base}/{id}: the path id is percent-decoded',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents whose id holds a hash sign is created, read, updated and deleted at its path',
      'agents whose id holds a percent sign is created, read, updated and deleted at its path',
      'agents whose id holds a plus sign is created, read, updated and deleted at its path',
      'agents whose id holds a question mark is created, read, updated and deleted at its path',
      'agents whose id holds a space is created, read, updated and deleted at its path',
      'agents whose id holds letters beyond ASCII is created, read, updated and deleted at its path',
      'agents whose ids differ only by Unicode normalization are two records',
      'agents whose ids differ only by a trailing space are two records',
      'events whose id holds a hash sign is created, read, updated and deleted at its path',
      'events whose id holds a percent sign is created, read, updated and deleted at its path',
      'events whose id holds a plus sign is created, read, updated and deleted at its path',
      'events whose id holds a question mark is created, read, updated and deleted at its path',
      'events whose id holds a space is created, read, updated and deleted at its path',
      'events whose id holds letters beyond ASCII is created, read, updated and deleted at its path',
      'events whose ids differ only by Unicode normalization are two records',
      'events whose ids differ only by a trailing space are two records',
      'network link types whose id holds a hash sign is created, read, updated and deleted at its path',
      'network link types whose id holds a percent sign is created, read, updated and deleted at its path',
      'network link types whose id holds a plus sign is created, read, updated and deleted at its path',
      'network link types whose id holds a question mark is created, read, updated and deleted at its path',
      'network link types whose id holds a space is created, read, updated and deleted at its path',
      'network link types whose id holds letters beyond ASCII is created, read, updated and deleted at its path',
      'network link types whose ids differ only by Unicode normalization are two records',
      'network link types whose ids differ only by a trailing space are two records',
    ],
  },
  'strip-empty': {
    breaks: '§2 rule 4: empty strings and objects are kept as sent',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents keep empty strings, objects and lists as sent, on create and on update',
      'events keep empty strings, objects and lists as sent, on create and on update',
      'network link types keep empty strings, objects and lists as sent, on create and on update',
    ],
  },
  'drop-empty-lists': {
    breaks: '§2 rule 4: empty lists are kept as sent',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents keep empty strings, objects and lists as sent, on create and on update',
      'events keep empty strings, objects and lists as sent, on create and on update',
      'network link types keep empty strings, objects and lists as sent, on create and on update',
    ],
  },
  'latin1-text': {
    breaks: '§2 rule 4: text beyond Latin-1 is kept as sent',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents keep text beyond ASCII as sent, on create and on update',
      'events keep text beyond ASCII as sent, on create and on update',
      'network link types keep text beyond ASCII as sent, on create and on update',
    ],
  },
  'float32-numbers': {
    breaks: '§2 rule 4: numbers are kept as sent (within the integers a double carries)',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents keep large integers and decimals as sent, on create and on update',
      'events keep large integers and decimals as sent, on create and on update',
      'network link types keep large integers and decimals as sent, on create and on update',
    ],
  },
  'flatten-nested': {
    breaks: '§2 rule 4: nested objects are kept as sent',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'agents keep empty strings, objects and lists as sent, on create and on update',
      'agents keep nested objects and lists as sent, on create and on update',
      'events keep empty strings, objects and lists as sent, on create and on update',
      'events keep nested objects and lists as sent, on create and on update',
      'network link types keep empty strings, objects and lists as sent, on create and on update',
      'network link types keep nested objects and lists as sent, on create and on update',
    ],
  },
  'ct-params-415': {
    breaks: '§4.1, §7: application/json with a charset parameter is application/json',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Create agents at {base} with the body sent as "application/json;charset=UTF-8"',
      'Create events at {base} with the body sent as "application/json; charset=utf-8"',
      'Delete agents at {base}/{id} with a where sent as "application/json;charset=UTF-8"',
      'Delete events at {base}/{id} with a where sent as "application/json; charset=utf-8"',
      'Read events at {base} with a where sent as "application/json;charset=UTF-8"',
      'Read network link types at {base}/{id} with a where sent as "application/json; charset=utf-8"',
      'Update agents at {base}/{id} with the body sent as "application/json; charset=utf-8"',
      'Update network link types at {base} with the body sent as "application/json;charset=UTF-8"',
    ],
  },
  'ct-case-sensitive': {
    breaks: '§4.1, §7: Application/JSON is application/json',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Create network link types at {base}/{id} with the body sent as "Application/JSON"',
      'Delete network link types at {base} with a where sent as "Application/JSON"',
      'Read agents at {base} with a where sent as "Application/JSON"',
      'Update events at {base}/{id} with the body sent as "Application/JSON"',
    ],
  },
  'types-on-create-only': {
    breaks: '§2.2, §2.3: a field of another JSON type is refused on update too',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Every field of agents whose type is stated refuses another JSON type on update',
      'Every field of network link types whose type is stated refuses another JSON type on update',
    ],
  },
  'types-top-level-only': {
    breaks: '§2.3: a field of another JSON type is refused inside entries and configs too',
    tags: REALISTIC_DATA_TAGS,
    failures: [
      'Every field of agents whose type is stated refuses another JSON type on create',
      'Every field of agents whose type is stated refuses another JSON type on update',
    ],
  },
  'enums-on-create-only': {
    breaks: '§2.3, §3: a value outside an enumeration is refused on update too',
    tags: REALISTIC_DATA_TAGS,
    failures: ['Every field of agents whose type is stated refuses another JSON type on update'],
  },
  // ---- end of realistic data ----
  ...CONCURRENCY_FAILURES,
};
