import { loadOpenApiDocument } from '../../reference-server/core/index.js';
import { generateSecret, mintToken } from '../../tokens/index.js';
import { createSpecValidator } from '../../spec/spec-validator.js';
import { createAuthTable } from '../generate/auth-table.js';
import type { FuzzContext } from './fuzz-session.js';
import type { FuzzOptions } from '../report/fuzz-report.js';
import type { RunBudget } from './run-budget.js';
import { createWireSender } from './send-wire-request.js';
import { hiddenNamesOf } from './probe-entry-shapes.js';

/**
 * The context of one run: the compiled spec, a sender to the target, and two sets of tokens —
 * the target's (its token, and with its secret the deliberately wrong ones) and the model's (a
 * fresh secret of the in-process core). Without any token the run checks no authentication. No
 * request outlives the fuzzing phase of `budget` unless it is sent for the clean-up.
 */
export async function createFuzzContext(options: FuzzOptions, runPrefix: string, budget: RunBudget): Promise<FuzzContext> {
  const doc = loadOpenApiDocument();
  const spec = createSpecValidator(doc);
  const sender = createWireSender(options.session ?? options.connection, {
    timeoutMs: options.requestTimeoutMs ?? options.connection.timeoutMs,
    until: budget.fuzzUntil,
    maxSockets: Math.max(4, options.concurrency ?? 0),
  });
  const validToken = await sender.session.token();
  const modelSecret = validToken === undefined ? undefined : generateSecret();
  const modelToken = modelSecret === undefined ? undefined : await mintToken({ secret: modelSecret, expiresIn: '2h' });
  return {
    doc,
    spec,
    sender,
    budget,
    runPrefix,
    allowDestructive: options.allowDestructive,
    whereTrusted: new Set(),
    refusedShapes: undefined,
    hiddenNames: hiddenNamesOf({ doc }),
    generatedIds: new Set(),
    auth: {
      target: createAuthTable({ validToken, secret: options.connection.auth.jwtSecret, scheme: options.connection.auth.scheme }),
      model: createAuthTable({ validToken: modelToken, secret: modelSecret }),
    },
    modelSecret,
    bodiless205: options.bodiless205 ?? false,
    documented: (operationId) => spec.operations.get(operationId)?.statuses ?? [],
  };
}
