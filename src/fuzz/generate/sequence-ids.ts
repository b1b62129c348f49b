import type { IndexName } from '../../server/core/index.js';
import { GENERATED_SLOT } from './fuzz-step.js';

/** The ids of one sequence: run-prefixed, so the fuzzer only ever touches its own records; plus the ids the target generated. */
export interface SequenceIds {
  /** `fz-1a2b3c-7-`. */
  readonly prefix: string;
  /** The id of a slot; for the generated slot the learned id, or an id that exists nowhere yet. */
  slotId(index: IndexName, slot: number): string;
  /** A run id no slot uses: what an id change tries to set. */
  otherId(index: IndexName): string;
  nextMarker(): string;
  /** Records the id the target gave the last record created without one. */
  learn(index: IndexName, id: string): void;
  /** Its records, even if they lost the marker. */
  readonly learned: ReadonlySet<string>;
}

const SHORT: Record<IndexName, string> = { event: 'e', 'network-link-type': 'n', agent: 'a' };

/**
 * The endings of slots 0 and 1 by style (`slot = 10 × style + 0 or 1`, withIdStyle): style 0 is the plain pair; each other makes the two differ in one way a
 * broken store folds together (case, normalization, a trailing space) or holds characters a path carries percent-encoded. No id holds "/" (ids-in-path).
 */
export const ID_STYLES: ReadonlyArray<readonly [string, string]> = [
  ['0', '1-é'],
  ['-node', '-Node'],
  ['-caf\u00e9', '-cafe\u0301'],
  ['-edge', '-edge '],
  ['-100%-%41', '-%2541'],
  ['-a+b', '-a b'],
  ['-why?', '-#1'],
  ['-東京', '-🚀 x'],
];

/** Records of a bulk (volume) create take slots from here on: `<prefix><index letter>b<n>`. */
export const BULK_SLOT_BASE = 1000;

/** Ids for sequence `n` of a run: `<run prefix><n>-<index letter><slot>`, so a replay never meets leftovers of another sequence. */
export function createSequenceIds(runPrefix: string, sequence: number | string): SequenceIds {
  const prefix = `${runPrefix}${sequence}-`;
  const learned = new Map<IndexName, string>();
  const all = new Set<string>();
  let markers = 0;
  const fixed = (index: IndexName, slot: number) => {
    if (slot >= BULK_SLOT_BASE) return `${prefix}${SHORT[index]}b${slot - BULK_SLOT_BASE}`;
    const style = ID_STYLES[Math.floor(slot / 10)];
    const ending = style?.[slot % 10];
    return ending === undefined ? `${prefix}${SHORT[index]}${slot}` : `${prefix}${SHORT[index]}${ending}`;
  };
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
