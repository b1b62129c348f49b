/**
 * Fails the step with exactly this message. A plain Error, not node's AssertionError: cucumber's
 * formatter prints an AssertionError as a true/false diff and can lose its message, and the
 * message is what the reports and the conformance summary show.
 */
export function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
