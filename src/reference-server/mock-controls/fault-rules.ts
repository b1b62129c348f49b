import type { CoreRequest } from '../core/core-types.js';
import { pickDelay } from './delay-range.js';
import { spellFault, type Fault, type InjectedStatus } from './fault.js';
import { readFaultRule, type FaultRuleSpec } from './read-fault-rule.js';

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
