import { generateSecret, mintToken, loadOpenApiDocument } from '../../reference-server/core/index.js';
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
  const validToken = options.connection
    ? await options.connection.token()
    : (options.token ?? (options.jwtSecret ? await mintToken({ secret: options.jwtSecret, expiresIn: '2h', subject: 'mgmt-kit-fuzz' }) : undefined));
  const modelSecret = validToken === undefined ? undefined : generateSecret();
  const modelToken = modelSecret === undefined ? undefined : await mintToken({ secret: modelSecret, expiresIn: '2h' });
  return {
    doc,
    spec,
    sender: createWireSender(options.connection ?? options.baseUrl, {
      timeoutMs: options.requestTimeoutMs ?? options.connection?.settings.timeoutMs ?? 10_000,
      until: budget.fuzzUntil,
      maxSockets: Math.max(4, options.concurrency ?? 0),
    }),
    budget,
    runPrefix,
    allowDestructive: options.allowDestructive,
    whereTrusted: new Set(),
    refusedShapes: undefined,
    hiddenNames: hiddenNamesOf({ doc }),
    generatedIds: new Set(),
    auth: {
      target: createAuthTable({ validToken, secret: options.jwtSecret, scheme: options.connection?.settings.auth.scheme }),
      model: createAuthTable({ validToken: modelToken, secret: modelSecret }),
    },
    modelSecret,
    bodiless205: options.bodiless205 ?? false,
    documented: (operationId) => spec.operations.get(operationId)?.statuses ?? [],
  };
}
