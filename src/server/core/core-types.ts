import type { Authenticator } from '../../contract/tokens/authenticate.js';
import type { Store } from './store.js';

/**
 * The plain request and response the reference core speaks. Adapters (node:http, msw) turn
 * their transport's objects into these and back; the core never sees a socket or a fetch
 * `Request`, so every documented rule lives in one place.
 *
 * The body is raw text so that 400 (malformed JSON) and 415 (wrong media type) are decided by
 * the core, not by an adapter.
 */
export interface CoreRequest {
  method: string;
  /** Path without the query string, e.g. `/type/network-link/p2p` (percent-encoded as received). */
  path: string;
  /**
   * The raw query string after `?` (without it), as received; `undefined` or `""` when there is
   * none. Read and delete take their query from its `q` parameter (x-decisions query-parameter).
   */
  query?: string | undefined;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  /** Raw body text; `undefined` or `""` when the request carried none. */
  body?: string | undefined;
  /**
   * True when the body bytes were not valid UTF-8 (the adapter then passes a lossy decoding as
   * `body`). The core answers 400 at its JSON step, after routing, authentication and the media
   * type check (x-decisions malformed-json); only an adapter that sees bytes can tell.
   */
  bodyNotUtf8?: boolean | undefined;
}

/** What the core answers: a status, headers, and a JSON-serialisable body when there is one. */
export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON value to serialise; absent for 204 (and dropped by HTTP on 304). */
  body?: unknown;
}

/** What {@link handleRequest} works with: the store, the compiled validation, auth and id generation. */
export interface CoreContext {
  store: Store;
  validate: RecordValidator;
  /** `undefined` = authentication off (`--no-auth`). */
  authenticate: Authenticator | undefined;
  /** Makes the id of a record created without one (x-decisions generated-id: a UUID by default). */
  generateId: () => string;
}

/** Field name (dotted for nested fields) → short reason, e.g. `{"parameter.type": "required"}` (§4.1 rule 4). */
export type ValidationMessage = Record<string, string>;

/** Validates a value against a spec component; `undefined` when valid, else the 406 message object. */
export type RecordValidator = (schemaName: string, value: unknown) => ValidationMessage | undefined;
