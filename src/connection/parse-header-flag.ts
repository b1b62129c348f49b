import type { HeaderSetting } from './connection-settings.js';

/** Headers the kit sets itself on every request, which `--header` must not change. */
const KIT_HEADERS: Record<string, string> = {
  authorization: 'use --token, --token-command or --jwt-secret (and --auth-scheme) for it',
  'content-type': 'the kit sets it per request (§4.1)',
  'content-length': 'the kit sets it per request',
  host: 'it comes from --base-url',
  'transfer-encoding': 'the kit sets it per request',
  connection: 'the kit manages its connections',
};

// RFC 9110 section 5.1 field names (tokens) and section 5.5 field values (visible characters, spaces, tabs).
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Reads one `--header 'Name: value'` (or a line of EXTRA_HEADERS). The message for a value that
 * cannot be used names the header, never its value, which may be a secret.
 *
 * @example parseHeaderFlag('X-Api-Key: abc') // → { ok: true, header: { name: 'X-Api-Key', value: 'abc' } }
 */
export function parseHeaderFlag(text: string, from = '--header'): { ok: true; header: HeaderSetting } | { ok: false; error: string } {
  const colon = text.indexOf(':');
  if (colon < 0)
    return {
      ok: false,
      error: `${from} "${text.length > 40 ? `${text.slice(0, 37)}...` : text}" has no colon: write it as 'Name: value', e.g. --header 'X-Api-Key: …'`,
    };
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (!NAME.test(name)) return { ok: false, error: `${from}: "${name}" is not a header name (letters, digits and !#$%&'*+.^_\`|~- only)` };
  const reserved = KIT_HEADERS[name.toLowerCase()];
  if (reserved !== undefined) return { ok: false, error: `${from} ${name}: ${reserved}` };
  if (value === '') return { ok: false, error: `${from} ${name}: the value is empty (is the variable meant to hold it set?)` };
  if (!VALUE.test(value)) return { ok: false, error: `${from} ${name}: the value holds a line break or a control character` };
  return { ok: true, header: { name, value } };
}
