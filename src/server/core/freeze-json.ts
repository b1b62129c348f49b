/**
 * Freezes a JSON value and everything in it, in place, and returns it. Iterative, so a deeply
 * nested value cannot overflow the stack (bodies are already limited to MAX_BODY_DEPTH).
 * A frozen record can be handed to any number of readers without a copy: writing to it throws.
 *
 * Not mutated (stryker.config.json, docs/mutation/README.md): the core never writes to a record it
 * stored, so freezing less, or not at all, changes no answer; the core's callers do not use the
 * returned value. The store's unit tests (index-store.test.ts) cover it.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const stack: object[] = [value];
  while (stack.length) {
    const node = stack.pop()!;
    // Children of an already frozen node are visited too: a shallow freeze must not hide a mutable child.
    Object.freeze(node);
    // for…in allocates nothing per node (Object.values would make an array for each): a large
    // seed is frozen without filling the heap with garbage. JSON values have own fields only.
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return value;
}
