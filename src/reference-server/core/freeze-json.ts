/**
 * Freezes a JSON value and everything in it, in place, and returns it. Iterative, so a deeply
 * nested value cannot overflow the stack (bodies are already limited to MAX_BODY_DEPTH).
 * A frozen record can be handed to any number of readers without a copy: writing to it throws.
 */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    // Children of an already frozen node are visited too: a shallow freeze must not hide a mutable child.
    Object.freeze(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  return value;
}
