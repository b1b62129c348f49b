import type { Authenticator } from '../../tokens/authenticate.js';
import type { Store } from './store.js';
import type { RecordValidator } from './validate-record.js';

/** What {@link handleRequest} works with: the store, the compiled validation, auth and id generation. */
export interface CoreContext {
  store: Store;
  validate: RecordValidator;
  /** `undefined` = authentication off (`--no-auth`). */
  authenticate: Authenticator | undefined;
  /** Makes the id of a record created without one (x-decisions generated-id: a UUID by default). */
  generateId: () => string;
}
