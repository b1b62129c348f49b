/** A JSON pointer segment as the field name it stands for (RFC 6901: `~1` is `/`, `~0` is `~`). */
export function unescapePointerSegment(segment: string): string {
  // Stryker disable next-line StringLiteral: equivalent: no field the schemas check has / or ~ in its name (docs/mutation/SURVIVORS.md)
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
