import type { OpenApiDocument } from '../../spec/openapi-document.js';
import { cloneJson, type StoredRecord } from './json-record.js';

/**
 * The network link types every reference server starts with: `p2p` and `slice` (§2.2),
 * read from the spec's `components.examples.PreloadedNetworkLinkTypes` so they are stated once.
 */
export function readPreloadedNetworkLinkTypes(doc: OpenApiDocument): StoredRecord[] {
  const examples = doc.components['examples'] as Record<string, { value?: unknown }> | undefined;
  // Stryker disable next-line OptionalChaining: equivalent: the preload comes from the bundled spec, a missing example fails the build (features/SURVIVORS.md)
  const value = examples?.['PreloadedNetworkLinkTypes']?.value;
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: the preload comes from the bundled spec, a missing example fails the build (features/SURVIVORS.md)
  if (!Array.isArray(value)) throw new Error('spec: components.examples.PreloadedNetworkLinkTypes is missing');
  return cloneJson(value as StoredRecord[]);
}
