@agents
Feature: Agent catalog
  An agent catalog entry lists the actions, parameters and resources of an agent that can be
  installed in an execution environment (seed §2.3). List entries are addressed by their id.

  Scenario: Create an agent with actions, parameters and resources
    When I create an agent with a new id
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: Create an agent without an id
    When I create an agent without an id
    Then the response is 201 with an envelope naming the generated id
    And the agent can be read by its id as sent

  Scenario: Create an agent with the id in the path
    When I create an agent with a new id in the path
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: An agent id that already exists is refused
    Given an agent with a new id exists
    When I create an agent with the same id
    Then the response is 406 with message "Id already found"
    And the agent is unchanged

  Scenario Outline: An agent whose <entry> lacks <field> is refused
    When I create an agent with a new id whose <entry> lacks "<field>"
    Then the response is 406 naming the missing field "<dotted name>"
    And no agent exists under that id

    Examples:
      | entry            | field  | dotted name             |
      | parameter        | type   | parameter.type          |
      | parameter        | config | parameter.config        |
      | action           | config | action.config           |
      | resource         | config | resource.config         |
      | action config    | cmd    | action.config.cmd       |
      | parameter config | schema | parameter.config.schema |
      | action           | id     | action.id               |
      | parameter        | id     | parameter.id            |
      | resource         | id     | resource.id             |

  Scenario: Every action status is accepted
    When I create an agent with a new id and one action in each status "started, stopped, unknown"
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: Every parameter type is accepted
    When I create an agent with a new id and one parameter of each type "integer, number, time-duration, string, choice, boolean, binary"
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: Every parameter config schema is accepted
    When I create an agent with a new id and one parameter with each config schema "yaml, json"
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: The config schema of the preloaded data, properties or as tabulated propeties, is accepted
    When I create an agent with a new id and one parameter with config schema "properties" or else "propeties"
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: An agent keeps extra fields inside its actions, parameters and resources
    When I create an agent with a new id and extra fields inside its actions, parameters and resources
    Then the response is 201 with an envelope naming the id
    And the agent can be read by its id as sent

  Scenario: Update an agent changing a parameter's type and adding an action in one request
    Given an agent with a new id exists
    When I update the agent changing the type of parameter "period" to "integer" and adding the action "restart"
    Then the response is 200 with an update envelope
    And the agent can be read by its id as sent, with its other actions, parameters and resources kept

  Scenario: Update an agent naming it only in the body
    Given an agent with a new id exists
    When I update the agent naming it only in the body, setting "description" to "Updated through the base path"
    Then the response is 200 with an update envelope
    And the agent can be read by its id with "description" set and its other fields kept

  Scenario: Update an agent sending only the changed field of a parameter
    Given an agent with a new id exists
    When I update the agent sending only the new type "integer" of parameter "period"
    Then the response is 200 with an update envelope
    And the agent can be read by its id as sent, with its other actions, parameters and resources kept

  Scenario: Update an agent with the values it already has
    Given an agent with a new id exists
    When I update the agent with the values it already has
    Then the response is 304, an update not necessary
    And the agent is unchanged

  Scenario: An agent keeps extra fields on create and update
    When I create an agent with a new id and extra fields
    Then the response is 201 with an envelope naming the id
    When I update the agent adding an extra field
    Then the agent can be read by its id as sent

  @extension
  Scenario Outline: An agent with an invalid <field> is refused
    When I create an agent with a new id whose <field> is "<value>"
    Then the response is a client error
    And no agent exists under that id

    Examples:
      | field                   | value  |
      | action status           | paused |
      | parameter type          | float  |
      | parameter config schema | xml    |
