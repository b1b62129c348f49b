/**
 * The reason phrase of each status the service description lists (§4.2, plus the kit's 413),
 * spelled as RFC 9110 section 15 spells it. Two phrases were renamed by RFC 9110; their RFC 7231
 * spellings are what many frameworks still send (Python's http module, Falcon, Node 20), so both
 * are accepted — the case and the words are compared exactly.
 */
const REASON_PHRASES: Readonly<Record<number, readonly string[]>> = {
  200: ['OK'],
  201: ['Created'],
  204: ['No Content'],
  205: ['Reset Content'],
  304: ['Not Modified'],
  400: ['Bad Request'],
  401: ['Unauthorized'],
  404: ['Not Found'],
  405: ['Method Not Allowed'],
  406: ['Not Acceptable'],
  413: ['Content Too Large', 'Payload Too Large'],
  415: ['Unsupported Media Type'],
  422: ['Unprocessable Content', 'Unprocessable Entity'],
  500: ['Internal Server Error'],
};

/** The accepted reason phrases of a status code; empty for a code the service does not use. */
export function reasonPhrasesOf(code: number): readonly string[] {
  return REASON_PHRASES[code] ?? [];
}
