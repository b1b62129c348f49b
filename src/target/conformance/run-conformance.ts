import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { loadConfiguration, runCucumber, type ISupportCodeCoordinates, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import type { BrokerAddress } from '../../connection/run-coordinator.js';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import type { KitParameters } from './kit-parameters.js';
import { createScenarioCollector, type ScenarioResult } from './collect-scenario-results.js';
import { createRunPrefix } from './run-prefix.js';
import { STEP_BUNDLE_PATH } from './step-bundle-path.js';
import { longFeaturesFirst } from './long-features-first.js';
import { BOOT_TURNS_ENV, startBootTurns } from './boot-turns.js';

/** The two profiles of cucumber.js: the description's documented behaviour, or that plus @extension. */
export type ConformanceProfile = 'core' | 'extended';

export interface ConformanceRunOptions {
  /** The target and how every step's request reaches it (the connection flags, read once), handed to the steps whole. */
  connection: ConnectionSettings;
  /** The run's coordinator (pace and token) the workers share, when the run has one. */
  broker?: BrokerAddress | undefined;
  /** The prefix of every id the run creates; default a fresh one (run-prefix.ts). */
  runPrefix?: string | undefined;
  profile: ConformanceProfile;
  allowDestructive: boolean;
  /** Extra cucumber tag expression, and-ed with the profile's. */
  tags?: string | undefined;
  /** Absolute directory for the cucumber reports; undefined writes none. */
  reportDir?: string | undefined;
  /** Console formatter; `none` prints nothing. */
  progress: 'progress' | 'progress-bar' | 'none';
  /** Where the console formatter writes (default process.stdout). */
  stdout?: Writable | undefined;
  stderr?: Writable | undefined;
  /** Support code of an earlier run in this process (the self-check runs many). */
  support?: ISupportCodeLibrary | undefined;
  /**
   * Worker processes running scenarios at once (cucumber `parallel`); 0 or undefined runs them
   * one after the other. @destructive scenarios still run alone (steps/hooks.ts).
   */
  parallel?: number | undefined;
  /**
   * Aborted when the run is interrupted: every scenario not yet started is skipped (cucumber's
   * fail-fast, switched on mid-run), so the rest of the run costs next to nothing.
   */
  stop?: AbortSignal | undefined;
  /** Sees every cucumber message of the run (tests read the scenario timings). */
  onEnvelope?: ((envelope: Envelope) => void) | undefined;
}

export interface ConformanceRunResult {
  /** True only when every selected scenario passed (cucumber strict). */
  success: boolean;
  scenarios: ScenarioResult[];
  runPrefix: string;
  durationMs: number;
  support: ISupportCodeLibrary;
}

/** The package root, where cucumber.js, features/ and steps/ live (cwd of the run). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The tag expression a run selects: the options' consent and secret decide what is left out. */
export function selectionTags(options: Pick<ConformanceRunOptions, 'allowDestructive' | 'connection' | 'tags'>): string | undefined {
  const parts: string[] = [];
  if (!options.allowDestructive) parts.push('not @destructive');
  if (options.connection.auth.jwtSecret === undefined) parts.push('not @needs-jwt-secret');
  if (options.tags) parts.push(`(${options.tags})`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

type SupportCoordinates = Partial<ISupportCodeCoordinates>;

/**
 * True when this runner is the compiled one (dist/, what the package runs); false when it runs
 * from src/ under tsx (a clone's unit tests and scripts).
 */
const RUNS_COMPILED = import.meta.url.endsWith('.js');

/**
 * The support code of a run. A library loaded earlier in this process is reused: importing the
 * step modules again would register nothing, and --parallel workers load what the library was
 * loaded from (its original coordinates). Else the compiled runner loads the steps of its own
 * build, the one module `npm run build` bundled from steps/ (no TypeScript loader; each
 * --parallel worker imports that file, then the small one that ends its turn at loading); from
 * src/ the .ts files of the profile's import list load
 * as they are, so an edited step needs no build (workers register tsx through
 * steps/support/register.mjs, which comes first).
 */
function supportFor(coordinates: SupportCoordinates, options: ConformanceRunOptions): ISupportCodeLibrary | SupportCoordinates {
  if (options.support) return options.support;
  const resolved = RUNS_COMPILED ? { ...coordinates, importPaths: [join(PACKAGE_ROOT, STEP_BUNDLE_PATH), BOOT_TURN_MODULES.end] } : coordinates;
  return loadedSupport.get(JSON.stringify(resolved)) ?? resolved;
}

/** The compiled modules of boot-turns.ts that begin and end a worker's turn (beside this module in dist/). */
const BOOT_TURN_MODULES = {
  take: fileURLToPath(new URL('./boot-turn-take.js', import.meta.url)),
  end: fileURLToPath(new URL('./boot-turn-end.js', import.meta.url)),
};

/**
 * What the workers of a compiled run with more workers than processors get to take turns at
 * loading (boot-turns.ts): the turns' address, and the module that waits for one before cucumber
 * itself loads (node's --import, which waits for it). Undefined from src/, whose workers load
 * TypeScript: they load at once, as before.
 */
async function bootTurnsFor(options: ConformanceRunOptions) {
  if (!RUNS_COMPILED || (options.parallel ?? 0) <= availableParallelism()) return undefined;
  const turns = await startBootTurns(availableParallelism());
  const nodeOptions = `${process.env['NODE_OPTIONS'] ?? ''} --import ${JSON.stringify(BOOT_TURN_MODULES.take)}`.trim();
  return { env: { ...process.env, [BOOT_TURNS_ENV]: turns.value, NODE_OPTIONS: nodeOptions }, close: turns.close };
}

/**
 * The libraries this process loaded, by the coordinates they were loaded from: a second run in
 * the same process (a test that runs the command twice) reuses the first one's steps, since a
 * second import of the same modules would register none and leave every step undefined.
 */
const loadedSupport = new Map<string, ISupportCodeLibrary>();

/**
 * Runs the conformance features in-process against `baseUrl` (cucumber `runCucumber`), with the
 * profile of cucumber.js, the reports in `reportDir`, and returns a result per scenario.
 */
export async function runConformance(options: ConformanceRunOptions): Promise<ConformanceRunResult> {
  const started = performance.now();
  const runPrefix = options.runPrefix ?? createRunPrefix();
  // The settings go whole; the steps read them back once (resolveKitParameters) and open their connection with them.
  const worldParameters: KitParameters = { connection: options.connection, runPrefix, allowDestructive: options.allowDestructive, broker: options.broker };
  const { reportFormats } = (await import(pathToFileURL(`${PACKAGE_ROOT}cucumber.js`).href)) as {
    reportFormats: (dir: string) => string[];
  };
  const format = [...(options.progress === 'none' ? [] : [options.progress]), ...(options.reportDir ? reportFormats(options.reportDir) : [])];
  const tags = selectionTags(options);
  // cucumber prints `progress` when no console format is given, so `none` needs a sink.
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const environment = {
    cwd: PACKAGE_ROOT,
    stdout: options.stdout ?? (options.progress === 'none' ? sink : process.stdout),
    stderr: options.stderr ?? process.stderr,
    env: process.env,
  };
  const { runConfiguration } = await loadConfiguration(
    {
      file: 'cucumber.js', // resolved against environment.cwd
      profiles: [options.profile === 'core' ? 'conformanceCore' : 'conformanceExtended'],
      // JSON round trip: world parameters must be plain JSON (no undefined values).
      provided: {
        format,
        worldParameters: JSON.parse(JSON.stringify(worldParameters)) as Record<string, string>,
        ...(tags ? { tags } : {}),
        // Every worker gets the same world parameters, so they share the run prefix.
        ...(options.parallel ? { parallel: options.parallel } : {}),
      },
    },
    environment,
  );
  const collector = createScenarioCollector();
  const onMessage = options.onEnvelope
    ? (envelope: Envelope) => {
        collector.onMessage(envelope);
        options.onEnvelope?.(envelope);
      }
    : collector.onMessage;
  // The runtime reads failFast before each scenario (in this process; --parallel workers have their own copy).
  options.stop?.addEventListener('abort', () => (runConfiguration.runtime.failFast = true), { once: true });
  const support = supportFor(runConfiguration.support, options);
  // Workers take the scenarios in path order: the long ones go first, so none is left to run alone at the end.
  const sources = options.parallel
    ? { ...runConfiguration.sources, paths: longFeaturesFirst(runConfiguration.sources.paths, PACKAGE_ROOT) }
    : runConfiguration.sources;
  const turns = await bootTurnsFor(options);
  const run = await runCucumber({ ...runConfiguration, sources, support }, { ...environment, env: turns?.env ?? process.env }, onMessage).finally(() =>
    turns?.close(),
  );
  if (!('stepDefinitions' in support)) loadedSupport.set(JSON.stringify(support), run.support);
  return {
    success: run.success,
    scenarios: collector.results(),
    runPrefix,
    durationMs: performance.now() - started,
    support: run.support,
  };
}
