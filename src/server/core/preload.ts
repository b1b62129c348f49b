import type { OpenApiDocument } from '../../contract/spec/openapi-document.js';
import { cloneJson, type StoredRecord } from './json-record.js';

/**
 * The network link types every reference server starts with: `p2p` and `slice` (§2.2),
 * read from the spec's `components.examples.PreloadedNetworkLinkTypes` so they are stated once.
 *
 * Not mutated (stryker.config.json, docs/mutation/README.md): its only branch guards an example the
 * bundled spec always has (the build fails without it), so a mutant here either changes nothing
 * or stops the server before it answers anything.
 */
export function readPreloadedNetworkLinkTypes(doc: OpenApiDocument): StoredRecord[] {
  const examples = doc.components['examples'] as Record<string, { value?: unknown }> | undefined;
  const value = examples?.['PreloadedNetworkLinkTypes']?.value;
  if (!Array.isArray(value)) throw new Error('spec: components.examples.PreloadedNetworkLinkTypes is missing');
  return cloneJson(value as StoredRecord[]);
}
