import type { FaultRules, FaultRuleView, FaultRuleInput } from '../reference-server/mock-controls/fault-rules.js';
import type { JournalEntry } from '../reference-server/mock-controls/journal-entry.js';
import type { JournalFilter, RequestJournal } from '../reference-server/mock-controls/request-journal.js';

/** The journal and fault rules of a set of msw handlers: what `--admin` offers over HTTP, as functions. */
export interface MockControlFunctions {
  /** The requests answered, oldest first, as `GET /__admin/requests?…` lists them; a bad filter throws a RangeError naming it. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Empties the journal (`DELETE /__admin/requests`). */
  clearRequests(): void;
  /** The fault rules (`/__admin/faults`): the first live one matching a request fires. */
  faults: {
    /** Adds a rule at the end (`POST`); a rule that does not read throws a RangeError naming the problem. */
    add(rule: FaultRuleInput): FaultRuleView;
    /** Every rule with how many times it fired (`GET`). */
    list(): FaultRuleView[];
    /** Removes one rule (`DELETE /__admin/faults/{id}`); false when no rule has that id. */
    remove(id: string): boolean;
    /** Removes every rule (`DELETE`); returns how many there were. */
    clear(): number;
  };
}

/**
 * The functions over one journal and one rule set. In code a bad filter or rule is a programming
 * error, so it throws where the HTTP routes answer 400 — with the same message.
 */
export function createMockControlFunctions(journal: RequestJournal, faults: FaultRules): MockControlFunctions {
  return {
    requests(filter = {}) {
      const listed = journal.list(filter);
      if (!listed.ok) throw new RangeError(`requests: ${listed.error}`);
      return listed.entries;
    },
    clearRequests: () => journal.clear(),
    faults: {
      add(rule) {
        const added = faults.add(rule);
        if (!added.ok) throw new RangeError(`faults.add: ${added.error}`);
        return added.rule;
      },
      list: () => faults.list(),
      remove: (id) => faults.remove(id),
      clear: () => faults.clear(),
    },
  };
}
