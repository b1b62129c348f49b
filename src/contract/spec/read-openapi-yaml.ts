import { readFileSync } from 'node:fs';

/** The hand-written spec/openapi.yaml as text (Node only), as served at GET /openapi.yaml. */
export function readOpenApiYaml(): string {
  return readFileSync(new URL('../../../spec/openapi.yaml', import.meta.url), 'utf8');
}
