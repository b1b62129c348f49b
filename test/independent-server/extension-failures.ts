import { scenariosTagged } from '../self-check/scenarios-tagged.js';

/**
 * The scenarios of the extended profile that the independent server fails, tagged
 * `@check.needs-an-extension`: it implements the seed alone, none of the extensions (query language, ?q=, per-record batch items, stricter
 * validation messages). Each must fail there — proof that the @extension scenarios test the
 * extensions — while the core profile passes (independent-server.test.ts). The @extension
 * scenarios it passes do so for reasons the description allows: it creates and updates batches, its
 * 400 for an unknown query member names order or limit, its 400 for a query part of the wrong
 * JSON type (select, limit, where, a comparison, an order entry, a target, an equals expr)
 * names that part, it refuses a query that is a list with 400, a
 * delete by id that ignores q deletes the record, and a batch that changes one record of two
 * answers 200.
 */
export const FAILS_WITHOUT_THE_EXTENSIONS: readonly string[] = scenariosTagged('@check.needs-an-extension');
