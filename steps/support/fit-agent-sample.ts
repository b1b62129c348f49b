import type { KitWorld } from '../world.js';
import { indexClient, isTaken } from './call-outcome.js';
import { fitResourcePath, sampleAgent } from './sample-records.js';

/**
 * §2.3 makes a ResourceConfig's path optional, and its shape open (a list of strings in the field
 * table, one string in the create shape); the kit's plain sample agent leaves it out, which every
 * faithful target takes. A target that refuses an agent without a path would block every agent
 * scenario for that one deviation, so once per run and process the plain sample is sent first
 * (housekeeping): taken, nothing changes; refused, the sample with a path as a list, then as one
 * string, and the first taken is what every agent of the run carries — but the scenario that
 * checks the plain sample itself (`Create an agent with actions, parameters and resources`), which
 * reports the deviation once. Each scenario says so in a setup note.
 */
const PATHS: readonly unknown[] = [undefined, ['/var/log/agent.log'], '/var/log/agent.log'];

/** The path the agents of a run carry, per run prefix (a process may run the suite several times). */
const fitted = new Map<string, unknown>();

async function findPath(world: KitWorld): Promise<unknown> {
  for (const path of PATHS) {
    const id = world.newId('agents');
    world.cleanup.addId('agents', id);
    fitResourcePath(path);
    const outcome = await world.call((c) => indexClient(c, 'agents').create({ body: { id, ...sampleAgent() } }), { housekeeping: true });
    // Gone at once, so a destructive scenario's snapshot never holds it (the clean-up still looks).
    await world.call((c) => indexClient(c, 'agents').delete({ id }), { housekeeping: true });
    if (isTaken(outcome)) return path;
  }
  return undefined;
}

/** Fits this run's sample agent to the target (see above), before a scenario. */
export async function fitAgentSample(world: KitWorld): Promise<void> {
  const prefix = world.kit.runPrefix;
  if (!fitted.has(prefix)) fitted.set(prefix, await findPath(world));
  const path = fitted.get(prefix);
  fitResourcePath(path);
  if (path !== undefined)
    world.setupSaw(
      `the target refuses the plain sample agent (no resource config path, §2.3: optional); this scenario's agents carry the path ${JSON.stringify(path)}`,
    );
}
