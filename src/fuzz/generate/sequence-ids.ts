import type { IndexName } from '../../reference-server/core/index.js';
import type { SequenceIds } from './build-step.js';
import { GENERATED_SLOT } from './fuzz-step.js';

const SHORT: Record<IndexName, string> = { event: 'e', 'network-link-type': 'n', agent: 'a' };

/** The ids of one sequence, plus what it learned: the ids the target generated. */
export interface SequenceIdBook extends SequenceIds {
  /** Every id and marker of this sequence starts with it (`fz-1a2b3c-7-`). */
  readonly prefix: string;
  /** Records the id the target gave the last record created without one. */
  learn(index: IndexName, id: string): void;
  /** Every id the target generated for this sequence (its records, even if they lost the marker). */
  readonly learned: ReadonlySet<string>;
}

/**
 * Ids for sequence `n` of a run: `<run prefix><n>-<index letter><slot>` (§2 rule 3 recommends
 * readable ids), so every record a sequence makes is its own and a replay never meets leftovers
 * of another sequence. A few ids carry a unicode letter or a space, which travel percent-encoded.
 */
export function createSequenceIds(runPrefix: string, sequence: number): SequenceIdBook {
  const prefix = `${runPrefix}${sequence}-`;
  const learned = new Map<IndexName, string>();
  const all = new Set<string>();
  let markers = 0;
  const fixed = (index: IndexName, slot: number) => `${prefix}${SHORT[index]}${slot}${slot === 1 ? '-é' : slot === 2 ? ' x' : ''}`;
  return {
    prefix,
    slotId: (index, slot) => (slot === GENERATED_SLOT ? (learned.get(index) ?? `${prefix}${SHORT[index]}-not-created`) : fixed(index, slot)),
    otherId: (index) => `${prefix}${SHORT[index]}-other`,
    nextMarker: () => `${prefix}m${++markers}`,
    learn: (index, id) => {
      learned.set(index, id);
      all.add(id);
    },
    learned: all,
  };
}
