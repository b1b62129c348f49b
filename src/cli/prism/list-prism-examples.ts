import { loadOpenApiDocument, type OpenApiDocument } from '../../server/core/index.js';

/** Operations whose responses offer the same named examples, and the `Prefer` value for each. */
export interface PrismExampleGroup {
  operationIds: string[];
  /** e.g. `code=406, example=duplicateId`, one per named example. */
  prefer: string[];
}

type Response = { $ref?: string; content?: Record<string, { examples?: Record<string, unknown> }> };

function resolveResponse(doc: OpenApiDocument, response: Response): Response {
  if (response.$ref === undefined) return response;
  const name = response.$ref.split('/').pop() ?? '';
  return ((doc.components['responses'] as Record<string, Response> | undefined)?.[name] ?? {}) as Response;
}

/**
 * What `Prefer: example=NAME` can pick in the Prism mock, per operation: every named example of
 * every documented response. Prism looks the name up in the response it would answer anyway
 * (the 2xx), so an example of another status needs its `code=` as well; each value carries both.
 */
export function listPrismExamples(doc: OpenApiDocument = loadOpenApiDocument()): PrismExampleGroup[] {
  const groups = new Map<string, PrismExampleGroup>();
  for (const item of Object.values(doc.paths)) {
    for (const method of ['post', 'get', 'put', 'delete']) {
      const op = item[method] as { operationId: string; responses: Record<string, Response> } | undefined;
      if (!op) continue;
      const prefer = Object.entries(op.responses).flatMap(([status, response]) =>
        Object.keys(resolveResponse(doc, response).content?.['application/json']?.examples ?? {}).map((name) => `code=${status}, example=${name}`),
      );
      if (prefer.length === 0) continue;
      const key = prefer.join('|');
      const group = groups.get(key) ?? { operationIds: [], prefer };
      group.operationIds.push(op.operationId);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/** The table of {@link listPrismExamples} in docs/prism.md (between `<!-- prism-examples -->` markers). */
export function renderPrismExamplesTable(groups: PrismExampleGroup[] = listPrismExamples()): string {
  return [
    '| operations | `Prefer:` header values |',
    '|---|---|',
    ...groups.map((g) => `| ${g.operationIds.map((id) => `\`${id}\``).join(', ')} | ${g.prefer.map((p) => `\`${p}\``).join('<br>')} |`),
  ].join('\n');
}
