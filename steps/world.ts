import { randomBytes } from 'node:crypto';
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import {
  createClient,
  describedHeaders,
  indexOperations,
  NetworkError,
  normaliseHeaders,
  parseJsonOrUndefined,
  UnexpectedStatusError,
  type ClientIndexKey,
  type ClientTransport,
  type KitClient,
} from '../src/client/index.js';
import { findConnectionFailure } from '../src/connection/connection-failure.js';
import type { CleanupRegistry } from '../src/target/conformance/cleanup-registry.js';
import { CALL_MEDIA_TYPE, type CallLogEntry } from '../src/target/conformance/call-log-entry.js';
import { isTaken, notTaken, type CallOutcome } from './support/call-outcome.js';
import type { KitParameters } from '../src/target/conformance/kit-parameters.js';
import type { JsonRecord } from './support/sample-records.js';
import type { ConnectionSession } from '../src/connection/open-connection.js';
import type { BlockId, CheckId } from '../src/target/conformance/check-catalog.js';
import { CheckRecorder, type BlockDetails, type CheckDetails } from './support/check-recorder.js';
import { normaliseObserved } from '../src/target/conformance/normalise-observed.js';

import { SightingCache, type Sighting } from './support/sighting-cache.js';
import { ACTION_PROFILES, type ActionProfile, type ActionProfileName } from './support/action-profiles.js';
import { useNativeMatchIndices } from './support/native-match-indices.js';
import type { ActionAnswer, CallRole, ScenarioRecord, StepUnderWay } from './support/scenario-state.js';

/** A run's connection in this process, and the typed client's transport through it (hooks.ts opens it). */
export interface RunConnection {
  session: ConnectionSession;
  transport: ClientTransport;
}

export type { Sighting } from './support/sighting-cache.js';

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

type ClientCall = (client: KitClient) => Promise<CallOutcome>;

export type { ActionAnswer, CallRole, ScenarioRecord, StepUnderWay } from './support/scenario-state.js';

/**
 * The state of one scenario: the client, the last response and the records the scenario made
 * (cucumber-js features/support/world.ts: `lastRun`), and its checks. Every Then step records
 * what it expected as named checks ({@link KitWorld.verify}); a failed check does not stop the
 * scenario, the After hook fails it. An answer no Then judged is checked against the spec after
 * the scenario (hooks.ts), so no step can forget the contract.
 */
export class KitWorld extends World<KitParameters> {
  /** Resolved parameters (world parameters with env fallbacks), the run prefix and the run's token now; set in the Before hook. */
  kit!: KitParameters & { runPrefix: string; token: string | undefined };
  /** The client authenticated with the run's token. */
  client!: KitClient;
  /** How every request reaches the target (headers, TLS, proxy, pace, token renewal); set in the Before hook. */
  connection!: RunConnection;
  lastResponse: CallOutcome | undefined;
  /** Every action answer of the scenario, in order, and whether a Then judged it. */
  readonly answers: ActionAnswer[] = [];
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
  /** The latest sighting of each record, while only the kit's own reads happened since (support/sighting-cache.ts). */
  readonly sightings = new SightingCache();
  /** The scenario's tags (`@rule.4.1-create`, …); set in the Before hook. */
  tags: readonly string[] = [];
  /** The step under way. */
  step: StepUnderWay = { text: 'Before', type: 'setup' };
  /** What the last action step asks, and so which rule each Then's check belongs to (support/action-profiles.ts). */
  profile: ActionProfile = ACTION_PROFILES.plain;
  /** The scenario's checks, recorded as attachments. */
  readonly checks: CheckRecorder;
  /** True once the scenario is blocked: it is not judged further. */
  blocked = false;
  /** What each record was expected to hold when the last action step began (what it means to change it). */
  private sentBeforeAction = new Map<ScenarioRecord, JsonRecord>();
  /** The calls answered since the step or hook under way began, attached together when it ends ({@link flushStepLog}). */
  private callLog: CallLogEntry[] = [];

  constructor(options: IWorldOptions<KitParameters>) {
    super(options);
    this.checks = new CheckRecorder(
      (body, mediaType) => this.attach(body, mediaType),
      (text) => normaliseObserved(text, { knownIds: this.knownIds() }),
    );
  }

  /** Records one check, passed or failed, and answers whether it passed (support/check-recorder.ts). */
  verify(id: CheckId, ok: boolean, details: CheckDetails): boolean {
    return this.checks.verify(id, ok, details);
  }

  /** The scenario cannot be judged: attaches why and skips the rest of it. */
  block(id: BlockId, details: BlockDetails): never {
    this.blocked = true;
    throw this.checks.block(this.step.text, id, details);
  }

  /** An action step begins: what each record is expected to hold now is what it must still hold unless the action changes it. */
  actionBegins(): void {
    this.sentBeforeAction = new Map([...this.records.values()].flat().map((record) => [record, record.sent]));
  }

  /** True when the last action step meant to change (or make) the record: it set what the record is expected to hold. */
  changedByLastAction(record: ScenarioRecord): boolean {
    return this.sentBeforeAction.get(record) !== record.sent;
  }

  /** States what a lenient setup step saw on its way to the state it established. */
  setupSaw(saw: string): void {
    this.checks.setupSaw(this.step.text, saw);
  }

  /** Names what the action step under way asks, for the checks of the Then steps after it. */
  act(profile: ActionProfileName): void {
    this.profile = ACTION_PROFILES[profile];
  }

  /** The ids this scenario knows (records, spare ids), which an observed value must not carry. */
  private knownIds(): string[] {
    const ids = [...this.spareIds.values()];
    for (const list of this.records.values()) for (const record of list) ids.push(record.id);
    return ids;
  }

  /** A new id under the run prefix, readable as the description recommends (§2 rule 3). */
  newId(index: ClientIndexKey): string {
    const short = { events: 'ev', networkLinkTypes: 'lt', agents: 'ag' }[index];
    return `${this.kit.runPrefix}${short}-${randomBytes(4).toString('hex')}`;
  }

  /** Registers a record made by this scenario (and for cleanup). `sent` holds the id. */
  remember(index: ClientIndexKey, id: string, sent: JsonRecord, origin: 'chosen' | 'generated' = 'chosen'): ScenarioRecord {
    const record: ScenarioRecord = { index, id, sent };
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
    return this.need(record);
  }

  /** The record the scenario made last, on any index ("that record"). */
  lastRecord(): ScenarioRecord {
    if (!this.lastMade) throw new Error('the scenario has made no record yet');
    return this.need(this.lastMade);
  }

  /** Every record of that index the scenario made ("both events"). */
  made(index: ClientIndexKey): ScenarioRecord[] {
    const list = this.records.get(index) ?? [];
    for (const record of list) this.need(record);
    return list;
  }

  /**
   * An action acts on a record an earlier action of the scenario failed to make: it is not sent
   * into nothing, the scenario is blocked (the earlier answer was judged where a Then looked at it).
   */
  need(record: ScenarioRecord): ScenarioRecord {
    if (this.step.type !== 'action' || record.made !== false) return record;
    const by = record.notMadeBy;
    return this.block('setup/earlier-action', {
      observed: by ? notTaken(by) : 'not created',
      message: `the step acts on the ${record.index} record ${record.id}, which an earlier step failed to create${by ? ` (${by.operation} answered ${by.status})` : ''}`,
      outcome: by,
    });
  }

  /** A client with another Authorization: `undefined` sends none. */
  clientWithToken(token: string | undefined): KitClient {
    return createClient({
      baseURL: this.kit.connection.baseUrl,
      token,
      authScheme: this.kit.connection.auth.scheme,
      transport: this.connection.transport,
    });
  }

  /**
   * Sends one call through the typed client. An action's answer becomes the last response, for
   * the Then steps to judge; what no Then judges is checked against the spec after the scenario
   * (hooks.ts). A call that gets no answer blocks the scenario (`target/no-answer`): no rule is
   * blamed for it. `housekeeping: true` is `role: 'housekeeping'`. `observes: true` marks the
   * kit's own read of a record (never an action's request): it leaves the sightings valid.
   */
  async call(send: ClientCall, options: { client?: KitClient; housekeeping?: boolean; role?: CallRole; observes?: boolean } = {}): Promise<CallOutcome> {
    const role = options.housekeeping ? 'housekeeping' : (options.role ?? 'action');
    const mayChange = role === 'action' || options.observes !== true;
    if (mayChange) this.sightings.changeBegins();
    let outcome: CallOutcome;
    try {
      outcome = await send(options.client ?? this.client);
    } catch (error) {
      if (error instanceof UnexpectedStatusError) {
        // A status the spec does not document for the operation: its body is still read (a 200 may report a failure in its items).
        outcome = {
          operation: error.operation,
          status: error.status,
          data: parseJsonOrUndefined(error.rawBody),
          rawBody: error.rawBody,
          headers: error.headers,
        };
      } else throw this.unanswered(error, role);
    } finally {
      if (mayChange) this.sightings.changeEnds();
    }
    return this.receive(outcome, role);
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
   * operationId the spec gives that method and path; it is the step's action.
   */
  async sendRaw(request: RawRequest): Promise<CallOutcome> {
    const ops = indexOperations[request.index];
    const operation = ops[RAW_SLOT[request.method]][request.id === undefined ? 0 : 1];
    const path = request.id === undefined ? ops.basePath : `${ops.basePath}/${request.encodedId ?? encodeURIComponent(request.id)}`;
    const { session } = this.connection;
    const headers = { ...describedHeaders(this.kit.connection.auth.scheme, this.kit.token ?? ''), 'content-type': request.contentType };
    let answer;
    this.sightings.changeBegins();
    try {
      answer = await session.send({ method: request.method, path: `${path}${request.search ?? ''}`, headers, body: request.body, asIs: true });
    } catch (error) {
      throw this.unanswered(new NetworkError(operation, undefined, { cause: error }), 'action');
    } finally {
      this.sightings.changeEnds();
    }
    const rawBody = answer.body.toString('utf8');
    return this.receive(
      { operation, status: answer.status, data: parseJsonOrUndefined(rawBody), rawBody, headers: normaliseHeaders(answer.headers) },
      'action',
    );
  }

  /**
   * A call without an answer: housekeeping says why as an error (the clean-up logs it); any
   * other call blocks the scenario with the connection's own line, the target named. Once the
   * connection found the target stopped, the step also fails with that line, as before: the run
   * reads it from the failed scenario and ends TARGET STOPPED (exit 4), blaming no rule.
   */
  private unanswered(error: unknown, role: CallRole): unknown {
    const reason = this.noAnswer(error);
    if (role === 'housekeeping') return reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    this.blocked = true;
    const blocked = this.checks.block(this.step.text, 'target/no-answer', { observed: message, message });
    return this.connection.session.stopped ? reason : blocked;
  }

  /** Logs the answer for the summary (attached when the step ends); an action's becomes the last response, and settles the records its create was to make. */
  private receive(outcome: CallOutcome, role: CallRole): CallOutcome {
    this.callLog.push({ operation: outcome.operation, status: outcome.status, ...(role === 'housekeeping' ? { housekeeping: true } : {}) });
    if (role !== 'action') return outcome;
    this.actionWatch?.outcomes.push(outcome);
    this.lastResponse = outcome;
    this.answers.push({ outcome, judged: false });
    if (outcome.operation.startsWith('create')) {
      const taken = isTaken(outcome);
      for (const list of this.records.values())
        for (const record of list) {
          if (record.made !== undefined) continue;
          record.made = taken;
          if (!taken) record.notMadeBy = outcome;
        }
    }
    return outcome;
  }

  /**
   * Attaches the calls of the step or hook that is ending as one call log (CALL_MEDIA_TYPE) and its
   * checks as one list (CHECK_MEDIA_TYPE), on that step, before cucumber reports it finished: every
   * step and hook ends through it (hooks.ts, the definition function wrapper).
   */
  flushStepLog(): void {
    this.checks.flush();
    if (this.callLog.length === 0) return;
    this.attach(JSON.stringify(this.callLog), CALL_MEDIA_TYPE);
    this.callLog = [];
  }

  /** The last action's answer, for a Then step to look at. */
  response(): CallOutcome {
    if (!this.lastResponse) throw new Error('no request has been sent yet');
    return this.lastResponse;
  }

  /** The record of the last action's answer: the Then step judging its status marks it. */
  lastAnswer(): ActionAnswer | undefined {
    return this.answers.at(-1);
  }
}

setWorldConstructor(KitWorld);
// Every process of a run (the one that matches steps to scenarios, and each worker) matches step texts: natively.
useNativeMatchIndices();
