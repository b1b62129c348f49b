@data-model
Feature: Values the data model forbids
  The field tables fix the type of every field and the values of every enumeration (§2.2,
  §2.3, §3). What they leave open is the status of the refusal: any status §4.2 lists for the
  operation that refuses a request (400, 406 or 422) passes, with error true in every envelope
  item when a body comes; nothing is stored or changed. Enumerations are compared exactly, so a
  value that differs only in letter case is refused too. Events fix no field besides id.

  @rule.2-field-types @rule.2.3-enum-refused
  Scenario Outline: Creating an agent at <path> whose <enum> is "<value>" is refused
    When I create an agent at <path> with a new id whose <enum> is "<value>"
    Then the response is a refusal
    And no agent exists under that id

    @rule.3-status
    Examples:
      | enum                    | value   | path        |
      | action status           | paused  | {base}      |
      | action status           | Started | {base}/{id} |

    Examples:
      | enum                    | value   | path        |
      | parameter type          | float   | {base}      |
      | parameter type          | Integer | {base}/{id} |
      | parameter config schema | xml     | {base}      |
      | parameter config schema | YAML    | {base}/{id} |

  @rule.2-field-types @rule.2.3-enum-refused
  Scenario Outline: Updating an agent at <path> setting its <enum> to "<value>" is refused
    Given an agent with a new id exists
    When I update the agent at <path> setting its <enum> to "<value>"
    Then the response is a refusal
    And the agent is unchanged

    Examples:
      | enum                    | value   | path        |
      | action status           | STOPPED | {base}      |
      | action status           | paused  | {base}/{id} |
      | parameter type          | Float   | {base}      |
      | parameter type          | float   | {base}/{id} |
      | parameter config schema | Json    | {base}      |
      | parameter config schema | xml     | {base}/{id} |

  @rule.2-field-types
  Scenario Outline: Creating <index> whose <field> is <json> is refused
    When I create <index> with a new id whose <field> is <json>
    Then the response is a refusal
    And no <index> record exists under that id

    @rule.2.2-fields
    Examples:
      | index              | field                      | json                   |
      | network link types | name                       | 42                     |
      | network link types | name                       | null                   |
      | network link types | description                | {"text": "x"}          |

    @rule.2.3-agent
    Examples:
      | index              | field                      | json                   |
      | agents             | actions                    | {"id": "start"}        |
      | agents             | parameters                 | "period"               |
      | agents             | resources                  | 7                      |
      | agents             | actions.0.id               | 42                     |
      | agents             | actions.0.config           | "agent -c {config} -e" |
      | agents             | actions.0.config.cmd       | ["agent", "start"]     |
      | agents             | actions.0.status           | true                   |
      | agents             | actions.0.description      | 5                      |
      | agents             | parameters.0.id            | ["period"]             |
      | agents             | parameters.0.type          | 1                      |
      | agents             | parameters.0.config        | "yaml"                 |
      | agents             | parameters.0.config.schema | ["yaml"]               |
      | agents             | parameters.0.config.source | false                  |
      | agents             | parameters.0.config.path   | "period"               |
      | agents             | parameters.0.description   | ["x"]                  |
      | agents             | resources.0.id             | 3                      |
      | agents             | resources.0.config         | "/var/log/agent.log"   |
      | agents             | resources.0.config.path    | 5                      |
      | agents             | resources.0.description    | {"text": "x"}          |

  @rule.2-field-types
  Scenario Outline: Updating <index> setting <field> to <json> is refused
    Given <index> hold a record with a new id
    When I update that record setting <field> to <json>
    Then the response is a refusal
    And that record is unchanged

    Examples:
      | index              | field                      | json                   |
      | network link types | name                       | 42                     |
      | network link types | name                       | null                   |
      | network link types | description                | {"text": "x"}          |
      | agents             | actions                    | {"id": "start"}        |
      | agents             | parameters                 | "period"               |
      | agents             | resources                  | 7                      |
      | agents             | actions.0.config           | "agent -c {config} -e" |
      | agents             | actions.0.config.cmd       | ["agent", "start"]     |
      | agents             | actions.0.status           | true                   |
      | agents             | actions.0.description      | 5                      |
      | agents             | parameters.0.type          | 1                      |
      | agents             | parameters.0.config        | "yaml"                 |
      | agents             | parameters.0.config.schema | ["yaml"]               |
      | agents             | parameters.0.config.source | false                  |
      | agents             | parameters.0.config.path   | "period"               |
      | agents             | parameters.0.description   | ["x"]                  |
      | agents             | resources.0.config         | "/var/log/agent.log"   |
      | agents             | resources.0.config.path    | 5                      |
      | agents             | resources.0.description    | {"text": "x"}          |
