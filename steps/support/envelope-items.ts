import { STATUS_CODES } from 'node:http';
import type { CallOutcome } from './call-outcome.js';

/** One envelope item as received (the World has already checked it against the spec). */
export interface ReceivedItem {
  status?: unknown;
  code?: unknown;
  error?: unknown;
  message?: unknown;
}

// RFC 9110 renamed two phrases; an implementation may use either spelling.
const REASON_PHRASE_ALIASES: Record<number, string[]> = { 413: ['Payload Too Large'], 422: ['Unprocessable Entity'] };

/** The reason phrases HTTP gives a status code (RFC 9110, with the older spellings). */
export function reasonPhrasesOf(code: number): string[] {
  return [STATUS_CODES[code], ...(REASON_PHRASE_ALIASES[code] ?? [])].filter((p): p is string => typeof p === 'string');
}

const normalise = (phrase: string) => phrase.toLowerCase().replace(/[\s_-]+/g, ' ').trim();

/**
 * The envelope items of a response whose body the seed fixes (201, 200, 205, 406). A missing or
 * empty body fails: the seed says these answers carry the envelope (§4.1, §7). Each item's
 * status must be an HTTP reason phrase (§4.1) — of the HTTP status or of the item's code, since
 * a 205 carries code 200 and the seed does not say whose phrase it names; case and separators
 * are not compared.
 */
export function requireEnvelope(outcome: CallOutcome): ReceivedItem[] {
  if (!Array.isArray(outcome.data) || outcome.data.length === 0) {
    throw new Error(`${outcome.operation} answered ${outcome.status} without the envelope the seed requires (body: ${JSON.stringify(outcome.rawBody)})`);
  }
  const items = outcome.data as ReceivedItem[];
  for (const item of items) {
    const codes = typeof item.code === 'number' ? [outcome.status, item.code] : [outcome.status];
    const phrases = codes.flatMap(reasonPhrasesOf);
    if (typeof item.status !== 'string' || !phrases.some((phrase) => normalise(phrase) === normalise(item.status as string))) {
      throw new Error(
        `${outcome.operation} ${outcome.status}: envelope status ${JSON.stringify(item.status)} is not the HTTP reason phrase (${[...new Set(phrases)].join(' or ')}; seed §4.1)`,
      );
    }
  }
  return items;
}

/**
 * Checks a success envelope (seed §4.1): every item has the given code and error false, and
 * the messages name every id (the wording is open; x-decisions success-messages).
 */
export function assertSuccessEnvelope(outcome: CallOutcome, code: number, ids: string[]): void {
  const items = requireEnvelope(outcome);
  for (const item of items) {
    if (item.code !== code || item.error !== false) {
      throw new Error(`${outcome.operation} ${outcome.status}: envelope item ${JSON.stringify(item)} should have code ${code} and error false`);
    }
  }
  const messages = items.map((item) => (typeof item.message === 'string' ? item.message : JSON.stringify(item.message)));
  for (const id of ids) {
    if (!messages.some((message) => message.includes(id))) {
      throw new Error(`${outcome.operation} ${outcome.status}: no envelope message names the id ${id} (messages: ${JSON.stringify(messages)})`);
    }
  }
}

/**
 * The spellings under which a missing field may be reported. The seed fixes `name` and
 * `parameter.type` (§4.1 rule 4); for other nested fields an implementation may also name
 * the list (`actions.config`) or the entry (`actions.0.config`, `actions[0].config`).
 */
export function acceptedFieldNames(dotted: string): string[] {
  if (dotted === 'name' || dotted === 'parameter.type') return [dotted];
  const [head = '', ...rest] = dotted.split('.');
  const tail = rest.length > 0 ? `.${rest.join('.')}` : '';
  const heads = [head, `${head}s`, `${head}s.0`, `${head}s[0]`, `${head}.0`, `${head}[0]`];
  return heads.map((h) => `${h}${tail}`);
}

/** Checks a 406 envelope whose message maps the missing field to `required` (seed §4.1 rule 4). */
export function assertMissingField(outcome: CallOutcome, dotted: string): void {
  const items = requireEnvelope(outcome);
  const accepted = acceptedFieldNames(dotted);
  const named = items.some((item) => {
    if (item.error !== true || typeof item.message !== 'object' || item.message === null) return false;
    const message = item.message as Record<string, unknown>;
    return accepted.some((name) => message[name] === 'required');
  });
  if (!named) {
    throw new Error(`${outcome.operation} 406: expected a message mapping ${accepted.join(' or ')} to "required", got ${outcome.rawBody}`);
  }
}
