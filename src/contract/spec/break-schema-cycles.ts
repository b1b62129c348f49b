const SCHEMA_PREFIX = '#/components/schemas/';

/** A schema, or any other JSON value met while walking one. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The spec without recursive schemas, for tools that refuse any circular $ref (Portman and
 * openapi-to-postman: "Circular $ref pointer found"). Every $ref that closes a cycle of
 * components/schemas (the query language's Where → ClauseList → Where) becomes a plain schema of
 * the referenced one's type, saying what it stands for; everything else is kept as written. What
 * those tools then check of a nested clause is only that it is an object: the recursion stays the
 * truth in spec/openapi.yaml, and the reference server keeps validating against that.
 */
export function breakSchemaCycles<D extends { components: { schemas: Record<string, unknown> } }>(document: D): D {
  const copy = structuredClone(document);
  const schemas = copy.components.schemas as Record<string, Json>;
  const finished = new Set<string>();

  const standIn = (name: string): Json => {
    const target = schemas[name];
    const type = target !== null && typeof target === 'object' && !Array.isArray(target) && typeof target['type'] === 'string' ? target['type'] : 'object';
    return { type, description: `${name}, recursive: see ${SCHEMA_PREFIX}${name} in spec/openapi.yaml (not expanded here).` };
  };

  // Depth-first over the schemas; `path` holds the schemas being walked, so a $ref to one of them closes a cycle.
  const walk = (node: Json, path: string[]): Json => {
    if (Array.isArray(node)) return node.map((item) => walk(item, path));
    if (node === null || typeof node !== 'object') return node;
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_PREFIX)) {
      const name = ref.slice(SCHEMA_PREFIX.length);
      if (path.includes(name)) return standIn(name);
      visit(name, path);
      return node;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, path)]));
  };

  function visit(name: string, path: string[]): void {
    if (finished.has(name) || !(name in schemas)) return;
    schemas[name] = walk(schemas[name]!, [...path, name]);
    finished.add(name);
  }

  for (const name of Object.keys(schemas)) visit(name, []);
  return copy;
}
