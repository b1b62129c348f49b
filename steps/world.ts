import { randomBytes } from 'node:crypto';
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import type { AxiosInstance } from 'axios';
import {
  createClient,
  indexOperations,
  NetworkError,
  normaliseHeaders,
  parseJsonOrUndefined,
  UnexpectedStatusError,
  type ClientIndexKey,
  type KitClient,
} from '../src/client/index.js';
import { findConnectionFailure } from '../src/connection/connection-failure.js';
import type { CleanupEntry, CleanupRegistry } from '../src/conformance/cleanup-registry.js';
import { CALL_MEDIA_TYPE, type CallLogEntry } from '../src/conformance/call-log-entry.js';
import type { CallOutcome } from './support/call-outcome.js';
import { findOutcomeProblem } from './support/check-outcome.js';
import type { KitParameters } from '../src/conformance/kit-parameters.js';
import type { JsonRecord } from './support/sample-records.js';
import type { ConnectionSession } from '../src/connection/open-connection.js';

/** A run's connection in this process, and the axios instance the client and raw requests send through (hooks.ts opens it). */
export interface RunConnection {
  session: ConnectionSession;
  http: AxiosInstance;
}

/**
 * What one entry of the scenario's cleanup registry names, as read at one moment: the record of
 * an id (none when it does not exist), or the records carrying a marker. `unreadable` when the
 * read answered something else than 200, 204 or 404.
 */
export interface Sighting {
  entry: CleanupEntry<ClientIndexKey>;
  records: JsonRecord[] | 'unreadable';
}

/**
 * The records a scenario can see: every id and marker it registered for cleanup — the records it
 * made, the spare ids it named, the markers of records created without an id. Only these: a
 * deployment holds other clients' data, which may change at any time.
 */
export type RecordsInSight = Map<string, Sighting>;

/** One action step under watch: the records in sight before it, and every answer it got. */
export interface ActionWatch {
  before: RecordsInSight;
  outcomes: CallOutcome[];
}

/** A request the typed client would never send: any body text, any Content-Type. */
export interface RawRequest {
  index: ClientIndexKey;
  method: 'POST' | 'GET' | 'PUT' | 'DELETE';
  id?: string | undefined;
  /** The id as it goes into the path, when not as encodeURIComponent writes it (a "+" sent as itself). */
  encodedId?: string | undefined;
  /** Query string appended to the path, `?` included (the `q` parameter, an extension). */
  search?: string | undefined;
  /** Body text sent as is. */
  body: string;
  contentType: string;
}

const RAW_SLOT = { POST: 'create', GET: 'read', PUT: 'update', DELETE: 'delete' } as const;

/** A record the scenario made: its id and the fields it sent (what a read must give back). */
export interface ScenarioRecord {
  index: ClientIndexKey;
  id: string;
  sent: JsonRecord;
}

type ClientCall = (client: KitClient) => Promise<CallOutcome>;

/**
 * The state of one scenario: the client, the last response and the records the scenario made
 * (cucumber-js features/support/world.ts: `lastRun`, `verifiedLastRunError`). Every response
 * passes through {@link KitWorld.check}, so no step can forget the contract.
 */
export class KitWorld extends World<KitParameters> {
  /** Resolved parameters (world parameters with env fallbacks), the run prefix and the run's token now; set in the Before hook. */
  kit!: KitParameters & { runPrefix: string; token: string | undefined };
  /** The client authenticated with the run's token. */
  client!: KitClient;
  /** How every request reaches the target (headers, TLS, proxy, pace, token renewal); set in the Before hook. */
  connection!: RunConnection;
  lastResponse: CallOutcome | undefined;
  /** Then steps set it; the After hook fails a scenario whose last 5xx nobody looked at. */
  lastResponseChecked = true;
  cleanup!: CleanupRegistry<ClientIndexKey>;
  /** Records made in this scenario, per index, oldest first. */
  readonly records = new Map<ClientIndexKey, ScenarioRecord[]>();
  /** Ids the scenario talks about that are not (or no longer) records: "the new id", "an unknown id". */
  readonly spareIds = new Map<ClientIndexKey, string>();
  /** Copy of each index taken before a @destructive scenario, restored after it. */
  snapshot: Map<ClientIndexKey, JsonRecord[]> | undefined;
  /** The record made last, whatever its index ("that record"). */
  lastMade: ScenarioRecord | undefined;
  /** A record created without an id, until its generated id is found by its marker. */
  pendingGenerated: { index: ClientIndexKey; sent: JsonRecord; marker: string } | undefined;
  /** The value several records share ("the shared value"). */
  shared: { field: string; value: string } | undefined;
  /** The action step under way: the records in sight before it and its answers (hooks.ts). */
  actionWatch: ActionWatch | undefined;

  constructor(options: IWorldOptions<KitParameters>) {
    super(options);
  }

  /** A new id under the run prefix, readable as the description recommends (§2 rule 3). */
  newId(index: ClientIndexKey): string {
    const short = { events: 'ev', networkLinkTypes: 'lt', agents: 'ag' }[index];
    return `${this.kit.runPrefix}${short}-${randomBytes(4).toString('hex')}`;
  }

  /** Registers a record made by this scenario (and for cleanup). `sent` holds the id. */
  remember(index: ClientIndexKey, id: string, sent: JsonRecord, origin: 'chosen' | 'generated' = 'chosen'): ScenarioRecord {
    const record = { index, id, sent };
    const list = this.records.get(index) ?? [];
    list.push(record);
    this.records.set(index, list);
    this.cleanup.addId(index, id, origin);
    this.lastMade = record;
    return record;
  }

  /** An id under the run prefix that no record has; registered for cleanup in case a server creates it anyway. */
  spareId(index: ClientIndexKey): string {
    const id = this.newId(index);
    this.spareIds.set(index, id);
    this.cleanup.addId(index, id);
    return id;
  }

  /** The spare id the scenario used for that index ("that id"). */
  spare(index: ClientIndexKey): string {
    const id = this.spareIds.get(index);
    if (id === undefined) throw new Error(`the scenario has used no spare ${index} id`);
    return id;
  }

  /** The record of that index the scenario made last ("the event"). */
  latest(index: ClientIndexKey): ScenarioRecord {
    const record = this.records.get(index)?.at(-1);
    if (!record) throw new Error(`the scenario has made no ${index} record yet`);
    return record;
  }

  /** The record the scenario made last, on any index ("that record"). */
  lastRecord(): ScenarioRecord {
    if (!this.lastMade) throw new Error('the scenario has made no record yet');
    return this.lastMade;
  }

  /** Every record of that index the scenario made ("both events"). */
  made(index: ClientIndexKey): ScenarioRecord[] {
    return this.records.get(index) ?? [];
  }

  /** A client with another Authorization: `undefined` sends none. */
  clientWithToken(token: string | undefined): KitClient {
    return createClient({
      baseURL: this.kit.connection.baseUrl,
      token,
      authScheme: this.kit.connection.auth.scheme,
      axiosInstance: this.connection.http,
    });
  }

  /**
   * Sends one call through the typed client and checks it against the spec; an undocumented
   * status, a non-JSON body or a schema break fails the step naming operation, status and
   * schema path. The result becomes the last response.
   */
  async call(send: ClientCall, options: { client?: KitClient; housekeeping?: boolean } = {}): Promise<CallOutcome> {
    let outcome: CallOutcome;
    try {
      outcome = await send(options.client ?? this.client);
    } catch (error) {
      if (error instanceof UnexpectedStatusError) {
        outcome = { operation: error.operation, status: error.status, data: undefined, rawBody: error.rawBody, headers: error.headers };
      } else throw this.noAnswer(error);
    }
    return this.check(outcome, options.housekeeping ?? false);
  }

  /**
   * Why a call got no answer, as the scenario's failure: the connection's own failure when it knows
   * it ("no answer within 15000 ms from GET https://…/event", "the target throttled the run: …",
   * "the target stopped answering …"), so that the reports see no answer as no answer (cucumber
   * records its type, `ConnectionFailure`, and its kind is in the message), else the client's, with
   * the target named.
   */
  noAnswer(error: unknown): unknown {
    const failure = findConnectionFailure(error);
    if (failure) return failure;
    if (error instanceof NetworkError) return new Error(`${error.message} at ${this.kit.connection.baseUrl}`, { cause: error });
    return error;
  }

  /**
   * Sends a deliberately unusual request (other media type, malformed JSON) as it is, through the
   * run's connection like every call (GET and 205 bodies travel); the answer goes under the
   * operationId the spec gives that method and path, and is checked.
   */
  async sendRaw(request: RawRequest): Promise<CallOutcome> {
    const ops = indexOperations[request.index];
    const operation = ops[RAW_SLOT[request.method]][request.id === undefined ? 0 : 1];
    const path = request.id === undefined ? ops.basePath : `${ops.basePath}/${request.encodedId ?? encodeURIComponent(request.id)}`;
    const { session } = this.connection;
    const headers = { 'content-type': request.contentType, accept: 'application/json', authorization: session.authorization(this.kit.token ?? '') };
    let answer;
    try {
      answer = await session.send({ method: request.method, path: `${path}${request.search ?? ''}`, headers, body: request.body, asIs: true });
    } catch (error) {
      throw this.noAnswer(new NetworkError(operation, undefined, { cause: error }));
    }
    const rawBody = answer.body.toString('utf8');
    return this.check({ operation, status: answer.status, data: parseJsonOrUndefined(rawBody), rawBody, headers: normaliseHeaders(answer.headers) }, false);
  }

  /** Records the outcome as the last response, logs it for the summary, and enforces the contract. */
  check(outcome: CallOutcome, housekeeping: boolean): CallOutcome {
    const entry: CallLogEntry = { operation: outcome.operation, status: outcome.status, ...(housekeeping ? { housekeeping } : {}) };
    this.attach(JSON.stringify(entry), CALL_MEDIA_TYPE);
    // Cleanup, snapshot, restore and the look at the records in sight are logged but are not the scenario's response.
    if (housekeeping) return outcome;
    this.actionWatch?.outcomes.push(outcome);
    const previous = this.lastResponse;
    if (previous && previous.status >= 500 && !this.lastResponseChecked) {
      throw new Error(`${previous.operation} answered ${previous.status} and no step checked it: ${previous.rawBody.slice(0, 200)}`);
    }
    this.lastResponse = outcome;
    this.lastResponseChecked = false;
    const problem = findOutcomeProblem(outcome);
    if (problem) {
      this.lastResponseChecked = true;
      throw new Error(problem);
    }
    return outcome;
  }

  /** The last response, marked as looked at. */
  response(): CallOutcome {
    if (!this.lastResponse) throw new Error('no request has been sent yet');
    this.lastResponseChecked = true;
    return this.lastResponse;
  }
}

setWorldConstructor(KitWorld);
