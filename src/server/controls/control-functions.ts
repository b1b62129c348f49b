import type { FaultRuleInput, FaultRuleView } from './fault-rules.js';
import type { JournalEntry, JournalFilter } from './request-journal.js';

/** The journal and fault rules as functions: what `--admin` offers over HTTP, for adapters that hand them to code (the msw handlers). */
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
