/** `where kind = "x", select name, id` — a query in words, for step descriptions. */
export function describeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const equals = (query['where'] as { equals?: { target?: unknown; expr?: unknown } } | undefined)?.equals;
  if (equals) parts.push(`where ${String(equals.target)} = ${JSON.stringify(equals.expr)}`.slice(0, 80));
  if (Array.isArray(query['select'])) parts.push(`select ${query['select'].join(', ')}`.slice(0, 60));
  return parts.join(', ') || 'empty query';
}
