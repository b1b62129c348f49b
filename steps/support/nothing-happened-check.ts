import type { KitWorld } from '../world.js';
import { findChanges, lookAtRecordsInSight } from './records-in-sight.js';
import { saysNothingWasDone } from './says-nothing-was-done.js';

/**
 * Before every action (When) step: reads the records the scenario can see, so that afterwards
 * an answer that says nothing was done can be checked against what was there.
 */
export async function watchAction(world: KitWorld): Promise<void> {
  world.actionWatch = undefined;
  const before = await lookAtRecordsInSight(world);
  world.actionWatch = { before, outcomes: [] };
}

/**
 * After an action step whose every answer said nothing was done — a 404 that found nothing, a
 * 204, a 304, any refusal (§7, §4.2) — the records in sight are read again and must be exactly
 * as before: nothing created, changed or removed. The scenario's own Then steps check the
 * status; this check makes every such answer true, on every scenario, without a step of its own.
 */
export async function checkNothingHappened(world: KitWorld): Promise<void> {
  const watch = world.actionWatch;
  world.actionWatch = undefined;
  if (!watch || watch.outcomes.length === 0 || !watch.outcomes.every(saysNothingWasDone)) return;
  const changes = findChanges(watch.before, await lookAtRecordsInSight(world));
  if (changes.length === 0) return;
  const answers = watch.outcomes.map((o) => `${o.operation} ${o.status}`).join(', ');
  throw new Error(`the answer (${answers}) says nothing was done, but reading back shows:\n  ${changes.join('\n  ')}`);
}
