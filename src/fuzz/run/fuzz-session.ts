import type { CoreRequest, IndexName, StoredRecord, OpenApiDocument, SpecValidator } from '../../server/core/index.js';
import type { AuthKind, AuthMaterial } from '../../contract/auth-table.js';
import { listedRecords } from '../../contract/listed-records.js';
import { signatureOf, type CheckId, type Problem } from '../checks/check-table.js';
import { assertSafeRequest, type SafetyPolicy } from './safety-guard.js';
import type { SendResult, WireSender } from './send-wire-request.js';
import { basePathOf, recordPath, requestHeaders, toCoreRequest, type WireRequest } from '../generate/wire-request.js';

/** The agent shapes the target refuses where it may (contract/spec/open-shapes.ts shapeKey); `undefined` when the probe could not tell: any may be refused. */
export type RefusedShapes = ReadonlySet<string> | undefined;

/** What a fuzz run shares across its sequences. */
export interface FuzzContext extends SafetyPolicy {
  generatedIds: Set<string>;
  doc: OpenApiDocument;
  spec: SpecValidator;
  sender: WireSender;
  budget: RunBudget;
  auth: { target: Readonly<Record<AuthKind, AuthMaterial>>; model: Readonly<Record<AuthKind, AuthMaterial>> };
  /** Undefined when the target is fuzzed without a token: no auth checks. */
  modelSecret: string | undefined;
  /** `--checks`. */
  checks: ReadonlySet<CheckId>;
  /** A fetch-based target (msw) cannot send a 205 body. */
  bodiless205?: boolean;
  refusedShapes: RefusedShapes;
  /** x-hidden-name. */
  hiddenNames: ReadonlySet<string>;
  observe?(exchange: Exchange): void;
}

/** Why a request was sent: a generated step, one of a group sent at once (`--concurrency`), or the fuzzer's own bookkeeping around it. */
export type ExchangeRole = 'probe' | 'snapshot' | 'step' | 'concurrent' | 'lookup' | 'read-back' | 'final-read' | 'cleanup';

export type Exchange = { role: ExchangeRole; description: string; request: WireRequest; result: SendResult };

/** The requests one sequence, group or probe sent, in order: its repro. */
export type ExchangeLog = { context: FuzzContext; exchanges: Exchange[] };

export function note(log: ExchangeLog, entry: Exchange): void {
  log.exchanges.push(entry);
  log.context.observe?.(entry);
}

/** Sends one request past the safety guard — a clean-up one within the clean-up allowance — and notes it. */
export async function exchange(log: ExchangeLog, role: ExchangeRole, description: string, request: WireRequest, until?: number): Promise<SendResult> {
  const cleanUp = role === 'cleanup';
  assertSafeRequest(request, log.context, cleanUp);
  const result = await log.context.sender.send(request, until ?? (cleanUp ? log.context.budget.cleanUpUntil : undefined));
  note(log, { role, description, request, result });
  return result;
}

/** The records a plain read of the index (or of one id) lists; undefined when no list came. */
export async function readRecords(log: ExchangeLog, role: ExchangeRole, index: IndexName, id?: string, until?: number): Promise<StoredRecord[] | undefined> {
  const result = await exchange(log, role, `read ${index} ${id ?? '(all records)'}`, plainRequest(log.context, 'GET', index, id).target, until);
  return recordsInAnswer(result)?.filter(isStoredRecord);
}

/** True when a request of the log was not answered before its phase of the run ended: what it shows is no finding. */
export const cutShortIn = (log: ExchangeLog): boolean => log.exchanges.some((e) => !e.result.ok && e.result.cutShort === true);

/** A probe sent once per case, each with a log of its own: a case whose request the budget cut short shows nothing. */
export async function probeEach<C>(context: FuzzContext, cases: readonly C[], probe: (log: ExchangeLog, c: C) => Promise<FuzzFailure | undefined>) {
  const failures: FuzzFailure[] = [];
  for (const c of cases) {
    const log: ExchangeLog = { context, exchanges: [] };
    const failure = await probe(log, c);
    if (failure && !cutShortIn(log)) failures.push(failure);
  }
  return failures;
}

export const describeResult = (result: SendResult) =>
  result.ok ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : `no answer (${result.error})`;

/** A disagreement with the description, and the requests that led there. */
export interface FuzzFailure {
  /** `<operation>:<check>:<observed>` (checks/check-table.ts): the same under every random seed. */
  signature: string;
  operation: string;
  check: CheckId;
  title: string;
  expected: string;
  actual: string;
  /** The exchanges a reader needs to reproduce it (bookkeeping reads left out). */
  exchanges: Exchange[];
  /** How many answers showed it in the run (shrinking runs not counted). */
  count: number;
}

export const failureOf = (operation: string, problem: Problem, description: string, exchanges: Exchange[]): FuzzFailure => ({
  signature: signatureOf(operation, problem),
  operation,
  check: problem.check,
  title: `${description}: expected ${problem.expected}; the target answered ${problem.actual}`,
  expected: problem.expected,
  actual: problem.actual,
  exchanges,
  count: 1,
});

/** A plain request as the fuzzer's bookkeeping sends it: valid token, JSON, optional id and body. */
export function plainRequest(
  context: Pick<FuzzContext, 'auth'>,
  method: WireRequest['method'],
  index: IndexName,
  id: string | undefined,
  body?: unknown,
): { target: WireRequest; model: CoreRequest } {
  const path = recordPath(basePathOf(index), id);
  const bytes = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
  const target: WireRequest = { method, path, headers: requestHeaders('json', context.auth.target.valid), body: bytes };
  return { target, model: toCoreRequest({ ...target, headers: requestHeaders('json', context.auth.model.valid) }) };
}

export const recordsInAnswer = (result: SendResult): unknown[] | undefined => (result.ok ? listedRecords(result.answer.status, result.answer.json) : undefined);

export const isStoredRecord = (r: unknown): r is StoredRecord => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string';

/** Time given after `--time-budget` to delete the run's records (and restore others' after --allow-destructive). */
export const CLEAN_UP_ALLOWANCE_MS = 5000;
/** The clean-up allowance of a run that ended early (interrupted, or its target stopped), from that moment. */
export const INTERRUPTED_CLEAN_UP_MS = 3000;
/** Time given after the clean-up for the final read of what the run left. */
export const FINAL_READ_ALLOWANCE_MS = 2000;

/** When each phase of a run ends (epoch ms; `fuzzUntil`: `--time-budget`): every request carries its phase's end, so a slow target cannot stretch the run. */
export type RunBudget = { readonly fuzzUntil: number; readonly cleanUpUntil: number; readonly finalReadUntil: number };

export function createRunBudget(startedAt: number, timeBudgetMs: number, cleanUpAllowanceMs = CLEAN_UP_ALLOWANCE_MS): RunBudget {
  const fuzzUntil = startedAt + timeBudgetMs;
  const cleanUpUntil = fuzzUntil + cleanUpAllowanceMs;
  return { fuzzUntil, cleanUpUntil, finalReadUntil: cleanUpUntil + FINAL_READ_ALLOWANCE_MS };
}
