@events
Feature: Event index
  The event index stores incoming events (§2.1, §6). Only id is fixed: every other field
  is the client's own and is kept as sent.

  @base-path
  @check.envelope-status @check.extra-fields-kept
  @rule.1-indices @rule.2-rule-2 @rule.2.1-fields @rule.4.1-create @rule.4.1-envelope @rule.4.2-create @rule.6-events
  Scenario: Create an event with a new id
    When I create an event with a new id
    Then the response is 201 with an envelope naming the id
    And the event can be read by its id as sent

  @base-path
  @check.envelope-status @check.extra-fields-kept
  @rule.2-rule-3
  Scenario: Create an event without an id
    When I create an event without an id
    Then the response is 201 with an envelope naming the generated id
    And the event can be read by its id as sent

  @record-path
  @check.envelope-status @check.extra-fields-kept
  @rule.4.1-create @rule.4.1-path
  Scenario: Create an event with the id in the path
    When I create an event with a new id in the path
    Then the response is 201 with an envelope naming the id
    And the event can be read by its id as sent

  @base-path
  @check.envelope-status @check.extra-fields-kept
  @rule.4.1-rule-3 @rule.4.2-create @rule.7-validation
  Scenario: An event id that already exists is refused
    Given an event with a new id exists
    When I create an event with the same id
    Then the response is 406 with message "Id already found"
    And the event is unchanged

  @record-path
  @check.envelope-status @check.extra-fields-kept
  @rule.2.1-fields @rule.4.1-rule-7 @rule.4.1-update
  Scenario: Update an event adding the field source
    Given an event with a new id exists
    When I update the event setting "source" to "10.0.0.1"
    Then the response is 200 with an update envelope
    And the event can be read by its id with "source" set and its other fields kept

  @base-path
  @check.envelope-status @check.extra-fields-kept @check.update-names-record-in-body
  @rule.4.1-path @rule.4.1-update
  Scenario: Update an event naming it only in the body
    Given an event with a new id exists
    When I update the event naming it only in the body, setting "source" to "10.0.0.2"
    Then the response is 200 with an update envelope
    And the event can be read by its id with "source" set and its other fields kept

  @check.envelope-status @check.extra-fields-kept
  @rule.2-rule-4
  Scenario: An event keeps extra fields on create and update
    When I create an event with a new id and extra fields
    Then the response is 201 with an envelope naming the id
    When I update the event adding an extra field
    Then the event can be read by its id as sent

  # An update sets the fields it sends (§4.1): a list replaced by a shorter one has changed, so
  # the answer is 200, not 304, and the stored list is the one sent.
  @record-path
  @check.envelope-status @check.extra-fields-kept
  @rule.4.1-update
  Scenario: Update an event setting a list field to a shorter list
    When I create an event with a new id and extra fields
    Then the response is 201 with an envelope naming the id
    When I update the event setting "tags" to the JSON '["core"]'
    Then the response is 200 with an update envelope
    And the event can be read by its id as sent

  # The same rule for a list of objects: an entry that lost a field makes the list another one,
  # so the answer is 200, not 304, and the stored list is the one sent.
  @record-path
  @check.envelope-status @check.extra-fields-kept
  @rule.4.1-update
  Scenario: Update an event setting a list of objects to one whose entry has fewer fields
    When I create an event with a new id and "hops" set to the JSON '[{"name": "r1", "port": 830}]'
    Then the response is 201 with an envelope naming the id
    When I update the event setting "hops" to the JSON '[{"name": "r1"}]'
    Then the response is 200 with an update envelope
    And the event can be read by its id as sent

  # The same rule when a value changes its JSON type but keeps its entries: a list that becomes an
  # object with the same members, or an object that becomes a list of its values, has changed.
  @record-path
  @check.envelope-status @check.extra-fields-kept
  @rule.4.1-update
  Scenario Outline: Update an event turning <from> field into <to> with the same entries
    When I create an event with a new id and extra fields
    Then the response is 201 with an envelope naming the id
    When I update the event setting "<field>" to the JSON '<json>'
    Then the response is 200 with an update envelope
    And the event can be read by its id as sent

    Examples:
      | from      | to        | field  | json                       |
      | a list    | an object | tags   | {"0": "core", "1": "edge"} |
      | an object | a list    | origin | ["router-7", 830]          |
