@network-link-types
Feature: Network link type index
  A network link type has a required name and an optional description; type-specific data may
  be added (§2.2). Network links refer to a type through type_id.

  @rule.2.2-preload
  Scenario: The service is preloaded with a point-to-point and a slice link type
    When I read all network link types
    Then the response is 200 with a list
    And the list holds a point-to-point type and a slice type, each with id, name and description

  @base-path
  @check.envelope-status
  @rule.1-indices @rule.2-rule-2 @rule.2.2-fields @rule.4.1-create
  Scenario: Create a network link type with a new id
    When I create a network link type with a new id
    Then the response is 201 with an envelope naming the id
    And the network link type can be read by its id as sent

  @base-path
  @check.envelope-status @check.extra-fields-kept
  @rule.2-rule-3
  Scenario: Create a network link type without an id
    When I create a network link type without an id
    Then the response is 201 with an envelope naming the generated id
    And the network link type can be read by its id as sent

  @record-path
  @check.envelope-status
  @rule.4.1-create @rule.4.1-path
  Scenario: Create a network link type with the id in the path
    When I create a network link type with a new id in the path
    Then the response is 201 with an envelope naming the id
    And the network link type can be read by its id as sent

  @base-path
  @check.envelope-status
  @rule.4.1-rule-3
  Scenario: A network link type id that already exists is refused
    Given a network link type with a new id exists
    When I create a network link type with the same id
    Then the response is 406 with message "Id already found"
    And the network link type is unchanged

  @check.envelope-status @check.message-names-the-field @check.missing-field
  @rule.2.2-fields @rule.4.1-rule-4 @rule.7-validation
  Scenario Outline: A network link type created at <path> without a name is refused
    When I create a network link type at <path> with a new id but without "name"
    Then the response is 406 naming the missing field "name"
    And no network link type exists under that id

    Examples:
      | path        |
      | {base}      |
      | {base}/{id} |

  @base-path
  @check.envelope-status
  @rule.2.2-fields
  Scenario: A network link type without a description is created
    When I create a network link type with a new id but without "description"
    Then the response is 201 with an envelope naming the id
    And the network link type can be read by its id as sent

  @record-path
  @check.envelope-status
  @rule.4.1-envelope @rule.4.1-rule-6 @rule.4.1-update @rule.4.2-update
  Scenario: Rename a network link type
    Given a network link type with a new id exists
    When I update the network link type setting "name" to "Point-to-Point link"
    Then the response is 200 with an update envelope
    And the network link type can be read by its id with "name" set and its other fields kept

  @base-path
  @check.envelope-status @check.update-names-record-in-body
  @rule.4.1-path @rule.4.1-update
  Scenario: Update a network link type naming it only in the body
    Given a network link type with a new id exists
    When I update the network link type naming it only in the body, setting "name" to "Renamed through the base path"
    Then the response is 200 with an update envelope
    And the network link type can be read by its id with "name" set and its other fields kept

  @check.envelope-status @check.extra-fields-kept
  @rule.2-rule-4 @rule.2.2-extra
  Scenario: A network link type keeps type-specific data on create and update
    When I create a network link type with a new id and extra fields
    Then the response is 201 with an envelope naming the id
    When I update the network link type adding an extra field
    Then the network link type can be read by its id as sent
