/** The value at a JSON pointer into a document (RFC 6901: `~1` is `/`, `~0` is `~`), or undefined where none is. */
export function valueAtPointer(doc: object, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
