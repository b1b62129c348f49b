/**
 * The tags of the realistic-data classes (features/volume.feature, identity, content, media-type,
 * field-types): the scenarios of issue 26 part 1. Their broken switches (independent server) run
 * the suite on these tags; the broken variants whose expectations were derived before these
 * scenarios existed run without them, until their failures on them are read and listed.
 */
export const REALISTIC_DATA_TAGS = '@volume or @identity or @content or @media-type or @types';

/**
 * Every scenario but the realistic-data and the @concurrency ones (features/concurrency.feature,
 * whose race switches run on that tag alone): what the broken variants whose expectations predate
 * both classes run on. The faithful runs run everything.
 */
export const WITHOUT_REALISTIC_DATA = `not (${REALISTIC_DATA_TAGS} or @concurrency)`;

/**
 * What the broken switches of the classes of issue 36 point 5 (typed text, long strings and ids,
 * where words and accents, delete-all paging, forged tokens, JSON types in updates) run on: every
 * scenario but the races, so `SELF_CHECK_SCOPE=all` proves each fails nothing outside its class.
 */
export const NEW_CLASSES_SELECTION = 'not @concurrency';
