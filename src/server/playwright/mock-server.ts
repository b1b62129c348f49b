import type { IndexName, SeedData } from '../core/index.js';
import { mintToken } from '../../contract/tokens/index.js';
import type { FaultRuleInput, FaultRuleView, JournalEntry, JournalFilter } from '../controls/index.js';
import { startReferenceServer, type ReferenceServerOptions, type RunningReferenceServer } from '../start-reference-server.js';

/** Options of {@link startMockServer}: the reference server's, without where to listen (always a free loopback port). */
export type MockServerOptions = Omit<ReferenceServerOptions, 'port' | 'host' | 'admin' | 'data'>;

/**
 * One reference server of one Playwright worker, with its own records, journal and fault rules,
 * and the controls a test needs: the `/__admin` routes as functions (no HTTP round trip, the
 * server runs in the worker's process).
 */
export interface MockServer {
  /** Base URL with the real port, e.g. `http://127.0.0.1:43121`: point the app under test at it. */
  readonly url: string;
  readonly port: number;
  /** A valid JWT for the server's secret when `auth` is on (valid 24 h), else undefined. */
  readonly token: string | undefined;
  /** Back to the preload and seed; fault rules and journal cleared (`POST /__admin/reset`). The fixture does it before each test. */
  reset(): void;
  /** Every index in the seed file shape (`GET /__admin/state`). */
  state(): Required<SeedData>;
  /** Replaces every record (`PUT /__admin/state`, no preload added); a state that is not valid throws, naming the problems. */
  setState(state: SeedData): void;
  /** The stored records of one index, e.g. `records('event')`. */
  records(index: IndexName): Array<Record<string, unknown>>;
  /** The requests answered, oldest first (`GET /__admin/requests`); a bad filter throws a RangeError naming it. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Empties the journal (`DELETE /__admin/requests`). */
  clearRequests(): void;
  /** The fault rules (`/__admin/faults`): the first live rule matching a request answers in its place. */
  readonly faults: {
    /** Adds a rule (`POST`); a rule that does not read throws a RangeError naming the problem. */
    add(rule: FaultRuleInput): FaultRuleView;
    /** Every rule with how many times it fired and how many firings it has left. */
    list(): FaultRuleView[];
    /** Removes every rule; returns how many there were. */
    clear(): number;
  };
  /** Stops the server. The fixture does it when the worker ends. */
  close(): Promise<void>;
}

/**
 * Starts a reference server with its admin controls on a free port of 127.0.0.1 (auth off unless
 * `auth` says otherwise: the app under test sends no token). The Playwright fixture calls it once
 * per worker; call it yourself for a server shared differently.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startReferenceServer({ auth: false, ...options, admin: true, port: 0, host: '127.0.0.1' });
  const token = options.auth ? await mintToken({ secret: options.auth.secret }) : undefined;
  return wrap(server, token);
}

function wrap(server: RunningReferenceServer, token: string | undefined): MockServer {
  const controls = server.controls;
  if (!controls) throw new Error('the reference server was started without its admin controls');
  const { core } = server;
  return {
    url: server.url,
    port: server.port,
    token,
    reset() {
      core.reset();
      controls.faults.clear();
      controls.journal.clear();
    },
    state: () => core.state(),
    setState(state) {
      const problems = core.replaceState(state);
      if (problems.length > 0) throw new RangeError(`setState: ${problems.join('; ')}`);
    },
    records: (index) => core.state()[index] as Array<Record<string, unknown>>,
    requests(filter = {}) {
      const listed = controls.journal.list(filter);
      if (!listed.ok) throw new RangeError(`requests: ${listed.error}`);
      return listed.entries;
    },
    clearRequests: () => controls.journal.clear(),
    faults: {
      add(rule) {
        const added = controls.faults.add(rule);
        if (!added.ok) throw new RangeError(`faults.add: ${added.error}`);
        return added.rule;
      },
      list: () => controls.faults.list(),
      clear: () => controls.faults.clear(),
    },
    close: () => server.close(),
  };
}
