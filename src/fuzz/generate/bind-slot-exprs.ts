import { SLOT_EXPR_PREFIX } from './step-arbitrary.js';

/**
 * A copy of a generated query whose `where.equals.expr` placeholders (`@slot2`) are replaced by
 * the ids of those slots, so a where can name a record of the sequence.
 *
 * @example bindSlotExprs({ where: { equals: { target: 'id', expr: '@slot1' } } }, (n) => `fz-1-e${n}`)
 * // → { where: { equals: { target: 'id', expr: 'fz-1-e1' } } }
 */
export function bindSlotExprs(query: Record<string, unknown>, slotId: (slot: number) => string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(query), (key, value: unknown) => {
    if (key === 'expr' && typeof value === 'string' && value.startsWith(SLOT_EXPR_PREFIX)) {
      const slot = Number(value.slice(SLOT_EXPR_PREFIX.length));
      if (Number.isInteger(slot)) return slotId(slot);
    }
    return value;
  }) as Record<string, unknown>;
}
