import type { CheckId } from '../../src/target/conformance/check-catalog.js';

/**
 * What an action step asks, as far as the Then steps after it need to know: under which check of
 * which rule each of their expectations is recorded. A Then step's text names the expectation
 * ("the response is a refusal", "can be read by its id as sent"); the action decides the rule
 * ("a refusal" of an unknown enum value is §2.3's, of a missing token §5's). So one deviation
 * gets one check id in every scenario that meets it, and a summary row of a rule fails only on
 * its own checks. A field left out falls back on the check of the answer's operation
 * (support/judge-status.ts, support/judge-state.ts).
 */
export interface ActionProfile {
  /** The exact status, whatever the Then step expects. */
  status?: CheckId;
  /** The status, when a Then step that names no rule of its own expects a refusal. */
  refused?: CheckId;
  /**
   * The request was taken at all (a success answer), judged before the exact status when a Then
   * expects success: the step varies one thing of a request the target otherwise takes (a media
   * type spelling, an id's characters, a value of an enumeration).
   */
  accepted?: CheckId;
  /** "can be read by its id as sent" after an answer that did something. */
  stored?: CheckId;
  /** "can no longer be read" after an answer that did something. */
  removed?: CheckId;
  /** "200 with a list holding …": the records a read lists. */
  listed?: CheckId;
  /** "406 naming the field …". */
  namesField?: CheckId;
  /** "400 naming …". */
  namesProblem?: CheckId;
}

export const ACTION_PROFILES = {
  /** Nothing beyond the operation: every check falls back on the answer's operation. */
  plain: {},
  'generated-id': { accepted: '2-rule-3/accepted' },
  'id-in-path': { accepted: '4.1-path/accepted' },
  'extra-fields': { accepted: '2-rule-4/accepted', stored: '2-rule-4/stored-as-sent' },
  content: { accepted: '2-rule-4-content/accepted', stored: '2-rule-4-content/stored-as-sent' },
  'long-values': { status: '2-long-values/status', stored: '2-long-values/stored-whole' },
  'edge-values': { status: '2-edge-values/status', stored: '2-edge-values/stored-as-sent' },
  'long-ids': { status: '2-long-ids/status', stored: '2-long-ids/stored-as-sent', removed: '2-long-ids/removed' },
  'exact-ids': { accepted: '2-id-exact/accepted', stored: '2-id-exact/stored-as-sent', removed: '2-id-exact/removed', listed: '2-id-exact/records-listed' },
  'media-type-spelling': { accepted: '4.1-media-type-spelling/accepted' },
  'media-type-refused': { status: '7-media-type/status' },
  'malformed-body': { status: '4.2-malformed-body/status' },
  'no-token': { status: '5-no-token/status' },
  'malformed-token': { status: '5-malformed-token/status' },
  'unsigned-token': { status: '5-unsigned-token/status' },
  'forged-token': { status: '5-forged-token/status' },
  'minted-token': { status: '5-minted-tokens/status' },
  'wrong-json-type': { status: '2-field-types/status' },
  'enum-refused': { status: '2.3-enum-refused/status' },
  'entry-extras': { status: '2.3-entry-extras/status', stored: '2.3-entry-extras/stored-as-sent' },
  'action-statuses': { accepted: '2.3-action-status/accepted', stored: '2.3-action-status/stored-as-sent' },
  'parameter-types': { accepted: '2.3-parameter-type/accepted', stored: '2.3-parameter-type/stored-as-sent' },
  'config-schemas': { accepted: '2.3-parameter-config/accepted', stored: '2.3-parameter-config/stored-as-sent' },
  'resource-path': { accepted: '2.3-resource/accepted', stored: '2.3-resource/stored-as-sent' },
  'entry-update': { status: '4.1-rule-5/status', stored: '4.1-rule-5/stored-as-sent' },
  'update-depth': { status: '4.1-update-depth/status', stored: '4.1-update-depth/stored-as-sent' },
  'update-json-type': { status: '4.1-update-json-type/status', stored: '4.1-update-json-type/stored-as-sent' },
  'rename-link-type': { status: '4.1-rule-6/status', stored: '4.1-rule-6/stored-as-sent' },
  'event-source': { status: '4.1-rule-7/status', stored: '4.1-rule-7/stored-as-sent' },
  'id-change': { refused: 'ext-readonly-id/status', namesField: 'ext-readonly-id/message-names-field' },
  'path-body-id': { status: 'ext-path-body-id/status', namesField: 'ext-path-body-id/message-names-field' },
  'repeated-entry-ids': { status: 'ext-unique-entry-ids/status', namesField: 'ext-unique-entry-ids/message-names-field' },
  'batch-create': { stored: '4.2-batches/stored-as-sent' },
  'batch-update': { stored: '4.2-batches/stored-as-sent' },
  'batch-items': { stored: 'ext-batch-items/stored-as-sent' },
  'batch-not-a-record': { status: 'ext-batch-not-a-record/status' },
  'batch-path-id': { status: 'ext-batch-path-id/status', namesField: 'ext-batch-path-id/message-names-field' },
  'batch-repeated-id': { status: 'ext-batch-repeated-id/status', namesField: 'ext-batch-repeated-id/message-names-field' },
  'read-all': { listed: '4.1-rule-2/records-listed' },
  'read-where': { listed: '4.1-query/records-listed' },
  'read-select': { listed: '4.1-rule-8/records-listed' },
  'delete-where': { removed: '4.1-query/removed', stored: '4.1-query/others-kept' },
  'delete-all': { removed: '4.1-rule-1/removed' },
  'q-read': { listed: 'ext-q-parameter/records-listed' },
  'q-delete': { removed: 'ext-q-parameter/removed', stored: 'ext-q-parameter/others-kept' },
  'q-refused': { status: 'ext-q-with-body/status', namesProblem: 'ext-q-with-body/message-names-problem' },
  'query-reg-exp': { listed: 'ext-query-reg-exp/records-listed' },
  'query-wildcard': { listed: 'ext-query-wildcard/records-listed' },
  'query-range': { listed: 'ext-query-range/records-listed' },
  'query-and-or': { listed: 'ext-query-and-or/records-listed' },
  'query-not': { listed: 'ext-query-not/records-listed' },
  'query-dotted-target': { listed: 'ext-query-dotted-target/records-listed' },
  'query-order': { listed: 'ext-query-order/records-listed' },
  'query-limit': { listed: 'ext-query-limit/records-listed' },
  'query-reg-exp-bounded': { status: 'ext-query-reg-exp-bounded/status' },
  'query-language': { refused: 'ext-query-errors/status', namesProblem: 'ext-query-errors/message-names-problem', removed: 'ext-query-delete/removed' },
  'long-reg-exp': { status: 'ext-query-reg-exp-bounded/status', namesProblem: 'ext-query-reg-exp-bounded/message-names-problem' },
  'volume-read-all': { listed: '4.1-volume/records-listed' },
  'volume-where': { listed: '4.1-volume/records-listed' },
  'volume-delete': { removed: '4.1-volume/removed' },
} as const satisfies Record<string, ActionProfile>;

export type ActionProfileName = keyof typeof ACTION_PROFILES;
