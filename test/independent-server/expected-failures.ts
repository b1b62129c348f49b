import {
  CHANGES_A_NESTED_VALUE,
  DELETES_BY_ID_WHERE_ANOTHER_RECORD,
  READS_AN_ENVELOPE_STATUS,
  REFUSES_AN_UNSIGNED_TOKEN,
  SELECTS_ON_BOTH_PATHS,
  UPDATES_AN_UNKNOWN_ID,
} from '../self-check/broken-variant-expectations.js';
import { CONCURRENCY_FAILURES } from './concurrency-failures.js';

/** A deviation of the independent server that breaks one rule of the description, and what the suite must catch. */
export interface BrokenVariantExpectation {
  /** The rule of the description the variant violates (shown in the test name). */
  breaks: string;
  /** The scenarios it must fail — exactly these, no more, no fewer. */
  failures: string[];
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
  ...CONCURRENCY_FAILURES,
};
