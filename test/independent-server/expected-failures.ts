/** A deviation of the independent server that breaks one seed rule, and what the suite must catch. */
export interface BrokenVariantExpectation {
  /** The seed rule the variant violates (shown in the test name). */
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
    breaks: 'seed §2 rule 3: generated ids must tell records apart',
    failures: [
      'Two agents created without an id get different ids',
      'Two events created without an id get different ids',
      'Two network link types created without an id get different ids',
    ],
  },
  'alg-none': {
    breaks: 'seed §5: an unsigned token must fail authentication with 401',
    failures: [
      'create on events with an unsigned token (alg none) is refused',
      'delete on events with an unsigned token (alg none) is refused',
      'read on network link types with an unsigned token (alg none) is refused',
      'update on agents with an unsigned token (alg none) is refused',
    ],
  },
  'strip-nested': {
    breaks: 'seed §2 rule 4: extra fields are kept, also inside actions, parameters and resources',
    failures: ['An agent keeps extra fields inside its actions, parameters and resources'],
  },
  'replace-entry': {
    breaks: 'seed §4.1 rule 5: list entries are updated by id, not replaced',
    failures: ['Update an agent sending only the changed field of a parameter'],
  },
  'no-nested-id': {
    breaks: 'seed §2.3: an entry without its required id is stored without one (neither refused nor given one)',
    failures: [
      'An agent whose action lacks an id is refused or gets one generated',
      'An agent whose parameter lacks an id is refused or gets one generated',
      'An agent whose resource lacks an id is refused or gets one generated',
    ],
  },
  'no-properties': {
    breaks: 'seed §2.3 ParameterConfig: schema properties (preloaded) and propeties (tabulated) are valid',
    failures: ['The config schema of the preloaded data, properties or as tabulated propeties, is accepted'],
  },
  'lenient-missing-id': {
    breaks: 'seed §4.2 and §7: read of an id that matches nothing answers 404',
    failures: [
      'Reading agents by an id that does not exist finds nothing',
      'Reading events by an id that does not exist finds nothing',
      'Reading network link types by an id that does not exist finds nothing',
    ],
  },
};
