@extension @strict-validation
Feature: Stricter validation (extension)
  The original service names the field it refuses: an update that would change the readonly id
  and a create whose body id differs from the path id answer 406 naming "id"; entries of an
  agent's actions, parameters or resources must have unique ids, else 406 naming the list
  (spec x-decisions readonly-id, id-source, update-merge).

  @record-path
  @check.envelope-status @check.message-names-the-field @check.needs-an-extension
  @rule.ext-readonly-id
  Scenario Outline: Changing the id of <index> is refused with 406 naming the id
    Given <index> hold a record with a new id
    When I update that record changing its id to a new id
    Then the response is 406 naming the field "id"
    And the record still exists under its first id and none under the new id

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @record-path
  @check.envelope-status @check.message-names-the-field @check.needs-an-extension
  @rule.ext-path-body-id
  Scenario Outline: Creating <index> with one id in the path and another in the body is refused
    When I create <index> with a new id in the path and another new id in the body
    Then the response is 406 naming the field "id"
    And no <index> record exists under either id

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @agents
  @check.envelope-status @check.message-names-the-field @check.needs-an-extension
  @rule.ext-unique-entry-ids
  Scenario Outline: Creating an agent at <path> whose <list> repeat an id is refused naming the list
    When I create an agent at <path> with a new id whose <list> hold two entries of one id
    Then the response is 406 naming the field "<list>"
    And no agent record exists under that id

    Examples:
      | path        | list       |
      | {base}      | actions    |
      | {base}/{id} | parameters |
      | {base}      | resources  |

  @agents
  @check.envelope-status @check.message-names-the-field @check.needs-an-extension
  @rule.ext-unique-entry-ids
  Scenario Outline: Updating an agent at <path> sending <list> that repeat an id is refused naming the list
    Given an agent with a new id exists
    When I update that agent at <path> sending two <list> entries of one id
    Then the response is 406 naming the field "<list>"
    And that record is unchanged

    Examples:
      | path        | list       |
      | {base}/{id} | actions    |
      | {base}/{id} | resources  |

    @check.update-names-record-in-body
    Examples:
      | path        | list       |
      | {base}      | parameters |
