/**
 * The extra field (§2 rule 4: a record may carry fields the description does not name) that marks
 * a record a run creates without an id, so the run can find it and delete it although the target
 * chose its id. One field per tool: a conformance run and a fuzz run on one deployment each find
 * only their own records.
 */
export const MARKER_FIELDS = { conformance: 'conformance_marker', fuzz: 'fuzz_marker' } as const;
