import type { CoreRequest } from '../core/core-types.js';
import { isJsonObject } from '../core/json-record.js';
import { isAdminPath } from './admin-messages.js';
import { pickDelay, parseDelayRange, type DelayRange } from './delay-range.js';
import { DOCUMENTED_STATUSES, isInjectable, OTHER_INJECTABLE, readFault, spellFault, type Fault, type InjectedStatus } from './fault.js';
import { readPathMatcher, type PathMatcher } from './path-matcher.js';

/** A rule as listed by `GET /__admin/faults` and `handlers.faults.list()`. */
export interface FaultRuleView {
  id: string;
  method?: string;
  path?: string;
  pathPattern?: string;
  status?: InjectedStatus;
  delay?: string | number;
  times?: number;
  /** How many requests it has answered or delayed. */
  fired: number;
  /** Matches left before it stops (with `times`); a spent rule stays listed with 0. */
  remaining?: number;
}

/** What a matching rule does to one request. */
export interface FiredRule {
  id: string;
  fault: Fault | undefined;
  delayMs: number | undefined;
}

/** The fault rules of one server or one set of msw handlers; see {@link createFaultRules}. */
export interface FaultRules {
  /** Adds a rule at the end; a rule that does not read is the reason, and nothing is added. */
  add(input: unknown): { ok: true; rule: FaultRuleView } | { ok: false; error: string };
  list(): FaultRuleView[];
  /** False when no rule has that id. */
  remove(id: string): boolean;
  /** Removes every rule; returns how many there were. */
  clear(): number;
  /** The first live rule that matches, counted as fired; undefined when none does. */
  fire(request: Pick<CoreRequest, 'method' | 'path'>, random?: () => number): FiredRule | undefined;
}

/** The most rules held at once: a test suite adds a handful; thousands mean a loop forgot to clear. */
export const MAX_FAULT_RULES = 1000;

interface HeldRule {
  id: string;
  spec: FaultRuleSpec;
  fired: number;
}

function view({ id, spec, fired }: HeldRule): FaultRuleView {
  return {
    id,
    ...(spec.method ? { method: spec.method } : {}),
    ...spec.path.shown,
    ...(spec.fault !== undefined ? { status: spellFault(spec.fault) } : {}),
    ...(spec.delay ? { delay: spec.delay.shown } : {}),
    ...(spec.times !== undefined ? { times: spec.times, remaining: spec.times - fired } : {}),
    fired,
  };
}

/**
 * Fault rules set from outside the app (WireMock-style): the first live rule in the order added
 * whose method and path match fires, answering its status and/or waiting its delay, for its
 * next `times` matches or until removed. Ids are `f1`, `f2`, … and are never reused.
 * Browser-safe; the mock controls consult it for API requests only (never for admin routes).
 */
export function createFaultRules(): FaultRules {
  let rules: HeldRule[] = [];
  let lastId = 0;
  return {
    add(input) {
      const read = readFaultRule(input);
      if (!read.ok) return read;
      if (rules.length >= MAX_FAULT_RULES) return { ok: false, error: `${MAX_FAULT_RULES} rules are held already: remove some first` };
      lastId += 1;
      const rule = { id: `f${lastId}`, spec: read.value, fired: 0 };
      rules.push(rule);
      return { ok: true, rule: view(rule) };
    },
    list: () => rules.map(view),
    remove(id) {
      const before = rules.length;
      rules = rules.filter((rule) => rule.id !== id);
      return rules.length < before;
    },
    clear() {
      const count = rules.length;
      rules = [];
      return count;
    },
    fire(request, random) {
      const method = request.method.toUpperCase();
      const rule = rules.find(
        ({ spec, fired }) =>
          (spec.times === undefined || fired < spec.times) && (spec.method === undefined || spec.method === method) && spec.path.matches(request.path),
      );
      if (!rule) return undefined;
      rule.fired += 1;
      const { fault, delay } = rule.spec;
      return { id: rule.id, fault, delayMs: delay ? pickDelay(delay.range, random) : undefined };
    },
  };
}

/** A fault rule as given to `POST /__admin/faults` or `handlers.faults.add(…)`. */
export interface FaultRuleInput {
  /** `GET`, `POST`, `PUT` or `DELETE`; any method when absent. */
  method?: string;
  /** The exact path, e.g. `/event/e1` … */
  path?: string;
  /** … or a regular expression searched in the path, e.g. `^/catalog/agent`. */
  pathPattern?: string;
  /** Answer this instead of acting: a status, `drop` (cut the connection) or `timeout` (never answer). */
  status?: number | string;
  /** Wait this long first: `3s`, `300ms`, a range `100-800ms`, or a number of ms. */
  delay?: string | number;
  /** Fire for the next this many matching requests, then stop; until removed when absent. */
  times?: number;
}

export interface FaultRuleSpec {
  method: string | undefined;
  path: PathMatcher;
  fault: Fault | undefined;
  delay: { shown: string | number; range: DelayRange } | undefined;
  times: number | undefined;
}

const RULE_KEYS = ['method', 'path', 'pathPattern', 'status', 'delay', 'times'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
/** The most `times` a rule may ask for (more is "until removed": leave it out). */
const MAX_RULE_TIMES = 1_000_000;

/**
 * Checks a fault rule: an object with known fields only; a method of §4.1; a path or a
 * pattern, never under /__admin (rules never fire on admin routes); a status a fault can answer
 * and/or a delay; `times` ≥ 1. The first problem found is the reason it is refused.
 */
export function readFaultRule(input: unknown): { ok: true; value: FaultRuleSpec } | { ok: false; error: string } {
  const refuse = (error: string) => ({ ok: false, error }) as const;
  if (!isJsonObject(input)) return refuse('a fault rule is a JSON object such as {"method": "POST", "path": "/event", "status": 503, "times": 2}');
  const unknown = Object.keys(input).find((key) => !RULE_KEYS.includes(key));
  if (unknown !== undefined) return refuse(`unknown field ${JSON.stringify(unknown)} (a rule has ${RULE_KEYS.join(', ')})`);
  const { status, delay, times } = input;
  const method = input['method'] === undefined ? undefined : String(input['method']).toUpperCase();
  if (method !== undefined && (typeof input['method'] !== 'string' || !METHODS.includes(method)))
    return refuse(`method must be one of ${METHODS.join(', ')}, got ${JSON.stringify(input['method'])}`);
  const path = readPathMatcher(input, false);
  if (!path.ok) return path;
  if ('path' in path.matcher!.shown && isAdminPath(path.matcher!.shown.path)) return refuse('rules never fire on the admin routes: give an API path');
  const fault = status === undefined ? undefined : readFault(status);
  if (status !== undefined && (fault === undefined || !isInjectable(fault)))
    return refuse(
      `status ${JSON.stringify(status)} is not one a fault can answer: use a status the spec documents (${DOCUMENTED_STATUSES.join(', ')}), ${OTHER_INJECTABLE}`,
    );
  let range: DelayRange | undefined;
  if (delay !== undefined) {
    if (typeof delay !== 'string' && typeof delay !== 'number') return refuse(`delay must be a time such as 3s or 100-800ms, got ${JSON.stringify(delay)}`);
    const read = parseDelayRange(delay);
    if (!read.ok) return read;
    range = read.range;
  }
  if (times !== undefined && !(typeof times === 'number' && Number.isInteger(times) && times >= 1 && times <= MAX_RULE_TIMES))
    return refuse(`times must be a whole number from 1 to ${MAX_RULE_TIMES}, got ${JSON.stringify(times)} (leave it out for "until removed")`);
  if (fault === undefined && range === undefined) return refuse('a rule needs a status, a delay, or both');
  const value = { method, path: path.matcher!, fault, delay: range && { shown: delay as string | number, range }, times: times as number | undefined };
  return { ok: true, value };
}
