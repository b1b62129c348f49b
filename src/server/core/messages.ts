/**
 * Every message the reference server answers with, named once so tests and other adapters
 * import them instead of repeating the text (§4.1, §7; spec x-decisions error-envelope,
 * success-messages). This file holds what the description fixes and is mutated; the words the
 * kit chose itself are in ./kit-messages.ts, re-exported here.
 */

import { REQUEST_NOT_VALID_PREFIX } from './kit-messages.js';

export * from './kit-messages.js';

/** §4.1 rule 3: duplicate id → 406. */
export const ID_ALREADY_FOUND = 'Id already found';

/** §4.1 rule 4: the reason a 406 message object gives for a missing field, `{"name": "required"}`. */
export const REQUIRED = 'required';

/** §4.1 create: the message names the id (x-decisions success-messages). */
export const recordCreated = (id: string): string => `Record with id=${id} created`;

/** §4.1 update (200). */
export const recordUpdated = (id: string): string => `Record with id=${id} updated`;

/** §4.1 update (304). */
export const updateNotNecessary = (id: string): string => `Update not necessary for record with id=${id}`;

/** §4.1 delete (205, envelope code 200). */
export const recordDeleted = (id: string): string => `Record with id=${id} deleted`;

/**
 * §4.2 (400) and x-decisions malformed-json: `Request not valid: <why>`. A 400 carries a message
 * (Envelope in the spec); its words are the kit's (./kit-messages.ts).
 */
export const requestNotValid = (why: string): string => REQUEST_NOT_VALID_PREFIX + why;
