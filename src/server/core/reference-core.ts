import { loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { createRecordSchemaValidator } from '../../contract/spec/record-schema-validator.js';
import { createAuthenticator, type JwtSecret } from '../../contract/tokens/authenticate.js';
import type { CoreContext, CoreRequest, CoreResponse, RecordValidator } from './core-types.js';
import { handleRequest } from './handle-request.js';
import type { SeedData } from './seed-records.js';
import {
  createStoreControls,
  readStartRecords,
  readStoreRevision,
  reportRequestChanges,
  type StoreChangeListener,
  type StoreControls,
} from './store-controls.js';
import { fillStore } from './fill-store.js';
import { createEmptyStore, type Store } from './store.js';
import { createRecordValidator } from './validate-record.js';

export { SeedError } from './seed-records.js';

export interface ReferenceCoreOptions {
  /** Records to load at start and on every reset (the `--seed` file shape). */
  seed?: SeedData;
  /**
   * Records to start with instead of the preload and seed, checked as a seed is (a `--data`
   * file: the state a previous run left). {@link ReferenceCore.reset} still goes back to the
   * preload and seed.
   */
  initialState?: SeedData;
  /** Preload the network link types p2p and slice (§2.2); default true (`--empty` = false). */
  preload?: boolean;
  /**
   * HS256 secret for `Authorization: Bearer <jwt>` (§5), or `false` for no checking
   * (`--no-auth`). Default `false`: an in-process core is usually a local mock; the CLI always
   * passes it explicitly.
   */
  auth?: { secret: JwtSecret } | false;
  /** Id of a record created without one; default `crypto.randomUUID()`. */
  generateId?: () => string;
}

/** A running reference service: answer requests, inspect the store, start over. */
export interface ReferenceCore extends StoreControls {
  /** Answers one plain request (never rejects for bad input). */
  handle(request: CoreRequest): Promise<CoreResponse>;
  /** The in-memory indices (read them in tests; changes made here are visible to requests). */
  readonly store: Store;
}

let shared: RecordValidator | undefined;

/**
 * The record validator, made once per process and shared by every core. Its schemas are ajv's
 * code compiled ahead of time (src/contract/spec/record-schema-validator.ts), so neither ajv's loading
 * nor its compilation falls on a server's start or its first requests.
 */
export function getSharedRecordValidator(): RecordValidator {
  shared ??= createRecordValidator({ validateSchema: createRecordSchemaValidator() }, loadOpenApiDocument());
  return shared;
}

/**
 * Creates the reference service core: a store per index (preloaded, plus the seed) and the
 * rules of the description behind one `handle` function. Browser-safe (no Node modules), so the msw
 * handlers run the very same rules. Throws `SeedError` for a seed it cannot load.
 *
 * @example
 * const core = createReferenceCore({ auth: false });
 * const res = await core.handle({ method: 'GET', path: '/type/network-link', headers: {} });
 * // res.status === 200, res.body = the preloaded p2p and slice
 */
export function createReferenceCore(options: ReferenceCoreOptions = {}): ReferenceCore {
  const validate = getSharedRecordValidator();
  const startRecords = readStartRecords(options, validate);
  const generateId = options.generateId ?? (() => crypto.randomUUID());
  const store = createEmptyStore();
  const doc = loadOpenApiDocument();
  const context: CoreContext = {
    store,
    validate,
    authenticate: options.auth ? createAuthenticator(options.auth.secret) : undefined,
    generateId,
  };
  fillStore(store, doc, startRecords.atStart, generateId);
  // Made here, only read and filled by ./store-controls.ts: no change to that file can break a request.
  const listeners = new Set<StoreChangeListener>();
  return {
    async handle(request) {
      const before = readStoreRevision(store);
      const response = await handleRequest(request, context);
      reportRequestChanges(listeners, store, before);
      return response;
    },
    store,
    ...createStoreControls(store, doc, validate, generateId, startRecords.onReset, listeners),
  };
}
