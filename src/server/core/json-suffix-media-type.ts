/**
 * True for a media type essence of the `application/*+json` family (RFC 6839), such as
 * `application/merge-patch+json`, which the kit takes as JSON too (x-decisions media-type).
 *
 * Not mutated (stryker.config.json, docs/mutation/README.md): the description knows only
 * `application/json` (§4.1), so no conformance suite sends another JSON media type.
 */
export function isJsonSuffixMediaType(essence: string): boolean {
  return /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(essence);
}
