/**
 * The reason phrases of the envelopes whose body the features do not check (204, 401, 404, 405,
 * 408, 413, 415, 422, 431, 500): the kit gives each status its usual HTTP phrase, and a faithful
 * server may give another (spec x-decisions error-envelope). Not mutated (stryker.config.json,
 * docs/mutation/README.md): no conformance suite may hold a server to these words.
 */
export const KIT_REASON_PHRASES: Readonly<Record<number, string>> = {
  204: 'No Content',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

/** The phrase of a status the core never answers (none does today). */
export const UNKNOWN_REASON_PHRASE = 'Unknown';
