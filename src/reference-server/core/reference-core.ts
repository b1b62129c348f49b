import { loadOpenApiDocument } from '../../spec/openapi-document.js';
import { createSpecValidator, type SpecValidator } from '../../spec/spec-validator.js';
import { createAuthenticator, type JwtSecret } from './authenticate.js';
import type { CoreContext } from './core-context.js';
import { INDEX_DEFINITIONS } from './index-definitions.js';
import type { CoreRequest, CoreResponse } from './core-types.js';
import { handleRequest } from './handle-request.js';
import { createEmptyStore, fillStore, findSeedProblems, freezeSeed, readStoreRevision, type SeedData, type Store, type StoreOptions } from './store.js';
import { createStoreChangeListeners, type StoreChangeListener } from './store-changes.js';
import { readStoreState } from './store-state.js';
import { createRecordValidator, type RecordValidator } from './validate-record.js';

/** Options of {@link createReferenceCore}. */
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
export interface ReferenceCore {
  /** Answers one plain request (never rejects for bad input). */
  handle(request: CoreRequest): Promise<CoreResponse>;
  /** The in-memory indices (read them in tests; changes made here are visible to requests). */
  readonly store: Store;
  /** Empties the store and loads the preload and seed again. */
  reset(): void;
  /** Every index as JSON, in the seed file shape (`GET /__admin/state`). */
  state(): Required<SeedData>;
  /**
   * Replaces every record with `state` (seed file shape, checked as a seed is; no preload is
   * added). Returns the problems; when there is one, nothing changed (`PUT /__admin/state`).
   */
  replaceState(state: unknown): string[];
  /**
   * Makes `seed` the records every later {@link reset} loads, and resets to them (`--watch`).
   * Returns the problems; when there is one, neither the seed nor the store changed.
   */
  replaceSeed(seed: unknown): string[];
  /**
   * Calls `listener` after every change of the records: once per request that changed any
   * (a batch is one change), and after each reset, replaceState and replaceSeed. Records changed
   * directly through {@link store} are not reported. Returns the function that stops the calls.
   */
  onChange(listener: StoreChangeListener): () => void;
}

/** Thrown by {@link createReferenceCore} when the description cannot be loaded; lists every problem. */
export class SeedError extends Error {
  constructor(readonly problems: string[]) {
    // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    super(`invalid seed:\n  ${problems.join('\n  ')}`);
    // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    this.name = 'SeedError';
  }
}

let shared: { spec: SpecValidator; validate: RecordValidator } | undefined;

/** The spec compiled once per process (ajv compilation is the expensive part) and shared by every core. */
export function getSharedRecordValidator(): RecordValidator {
  // Stryker disable next-line ConditionalExpression: kit-only: options of the embedding API (shared validator, preload, seed) (features/SURVIVORS.md)
  if (!shared) {
    const spec = createSpecValidator();
    // Every schema a request can meet, compiled now: no request pays for ajv's code generation.
    // Stryker disable next-line ArrayDeclaration: equivalent: compiled once per process (features/SURVIVORS.md)
    spec.precompile(INDEX_DEFINITIONS.flatMap((d) => [d.inputSchema, d.updateSchema, d.storedSchema]));
    shared = { spec, validate: createRecordValidator(spec, loadOpenApiDocument()) };
  }
  return shared.validate;
}

/**
 * Creates the reference service core: a store per index (preloaded, plus the seed) and the
 * rules of the description behind one `handle` function. Browser-safe (no Node modules), so the msw
 * handlers run the very same rules.
 *
 * @example
 * const core = createReferenceCore({ auth: false });
 * const res = await core.handle({ method: 'GET', path: '/type/network-link', headers: {} });
 * // res.status === 200, res.body = the preloaded p2p and slice
 */
export function createReferenceCore(options: ReferenceCoreOptions = {}): ReferenceCore {
  const validate = getSharedRecordValidator();
  // Stryker disable next-line ConditionalExpression: kit-only: options of the embedding API (shared validator, preload, seed) (features/SURVIVORS.md)
  const problems = options.seed === undefined ? [] : findSeedProblems(options.seed, validate);
  // Stryker disable next-line ArrowFunction,StringLiteral: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
  if (options.initialState !== undefined) problems.push(...findSeedProblems(options.initialState, validate).map((p) => `initial state: ${p}`));
  // Stryker disable next-line ConditionalExpression: kit-only: options of the embedding API (shared validator, preload, seed) (features/SURVIVORS.md)
  if (problems.length > 0) throw new SeedError(problems);
  const generateId = options.generateId ?? (() => crypto.randomUUID());
  const store = createEmptyStore();
  const doc = loadOpenApiDocument();
  // Frozen once: the store shares these records, and every reset() adopts them again.
  // Stryker disable next-line LogicalOperator,ObjectLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
  let storeOptions: StoreOptions = { preload: options.preload ?? true, ...(options.seed ? { seed: freezeSeed(options.seed) } : {}) };
  const context: CoreContext = {
    store,
    validate,
    authenticate: options.auth ? createAuthenticator(options.auth.secret) : undefined,
    generateId,
  };
  // Stryker disable next-line BooleanLiteral,ObjectLiteral: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
  const initial = options.initialState === undefined ? storeOptions : { preload: false, seed: freezeSeed(options.initialState) };
  fillStore(store, doc, initial, generateId);
  const changes = createStoreChangeListeners();
  return {
    async handle(request) {
      // Comparing revisions sees every change whatever the operation; a change made by a
      // concurrent request may be reported here too, which only repeats a notification.
      const before = readStoreRevision(store);
      const response = await handleRequest(request, context);
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
      if (readStoreRevision(store) !== before) changes.notify('records');
      return response;
    },
    store,
    // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    reset() {
      fillStore(store, doc, storeOptions, generateId);
      // Stryker disable next-line StringLiteral: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
      changes.notify('reset');
    },
    // Stryker disable next-line ArrowFunction: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    state: () => readStoreState(store),
    // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    replaceState(state) {
      const stateProblems = findSeedProblems(state, validate);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      if (stateProblems.length > 0) return stateProblems;
      // Stryker disable next-line BooleanLiteral,ObjectLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      fillStore(store, doc, { preload: false, seed: state as SeedData }, generateId);
      // Stryker disable next-line StringLiteral: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
      changes.notify('state');
      // Stryker disable next-line ArrayDeclaration: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      return [];
    },
    // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    replaceSeed(seed) {
      const seedProblems = findSeedProblems(seed, validate);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      if (seedProblems.length > 0) return seedProblems;
      // Stryker disable next-line ObjectLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      storeOptions = { ...storeOptions, seed: freezeSeed(seed as SeedData) };
      fillStore(store, doc, storeOptions, generateId);
      // Stryker disable next-line StringLiteral: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
      changes.notify('seed');
      // Stryker disable next-line ArrayDeclaration: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      return [];
    },
    // Stryker disable next-line ArrowFunction: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
    onChange: (listener) => changes.add(listener),
  };
}
