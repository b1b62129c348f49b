@data-model
Feature: Values the data model forbids
  The field tables fix the type of every field and the values of every enumeration (§2.2,
  §2.3, §3). What they leave open is the status of the refusal: any status §4.2 lists for the
  operation that refuses a request (400, 406 or 422) passes, with error true in every envelope
  item when a body comes; nothing is stored or changed. Enumerations are compared exactly, so a
  value that differs only in letter case is refused too. Events fix no field besides id.

  @check.enum-refused @check.json-type-refused
  @rule.2-field-types @rule.2.3-enum-refused
  Scenario Outline: Creating an agent at <path> whose <enum> is "<value>" is refused
    When I create an agent at <path> with a new id whose <enum> is "<value>"
    Then the response is a refusal
    And no agent exists under that id

    @rule.3-status
    Examples:
      | enum                    | value   | path        |
      | action status           | paused  | {base}      |

    @check.enum-letter-case
    @rule.3-status
    Examples:
      | enum                    | value   | path        |
      | action status           | Started | {base}/{id} |

    @check.parameter-enum-refused
    Examples:
      | enum                    | value   | path        |
      | parameter type          | float   | {base}      |
      | parameter config schema | xml     | {base}      |

    @check.enum-letter-case @check.parameter-enum-refused
    Examples:
      | enum                    | value   | path        |
      | parameter type          | Integer | {base}/{id} |
      | parameter config schema | YAML    | {base}/{id} |

  @check.enum-refused @check.enum-refused-on-update @check.json-type-refused
  @rule.2-field-types @rule.2.3-enum-refused
  Scenario Outline: Updating an agent at <path> setting its <enum> to "<value>" is refused
    Given an agent with a new id exists
    When I update the agent at <path> setting its <enum> to "<value>"
    Then the response is a refusal
    And the agent is unchanged

    @check.enum-letter-case
    Examples:
      | enum                    | value   | path        |
      | action status           | STOPPED | {base}      |

    Examples:
      | enum                    | value   | path        |
      | action status           | paused  | {base}/{id} |

    @check.parameter-enum-refused
    Examples:
      | enum                    | value   | path        |
      | parameter type          | Float   | {base}      |
      | parameter type          | float   | {base}/{id} |
      | parameter config schema | xml     | {base}/{id} |

    @check.enum-letter-case @check.parameter-enum-refused
    Examples:
      | enum                    | value   | path        |
      | parameter config schema | Json    | {base}      |

  @rule.2-field-types
  Scenario Outline: Creating <index> whose <field> is <json> is refused
    When I create <index> with a new id whose <field> is <json>
    Then the response is a refusal
    And no <index> record exists under that id

    @check.json-type-refused @check.link-type-field-type
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
      | agents             | actions.0.config           | "agent -c {config} -e" |
      | agents             | parameters.0.config        | "yaml"                 |
      | agents             | parameters.0.config.path   | "period"               |
      | agents             | resources.0.config         | "/var/log/agent.log"   |
      | agents             | resources.0.config.path    | 5                      |

    @check.json-type-refused
    @rule.2.3-agent
    Examples:
      | index              | field                      | json                   |
      | agents             | actions.0.id               | 42                     |
      | agents             | actions.0.config.cmd       | ["agent", "start"]     |
      | agents             | parameters.0.id            | ["period"]             |
      | agents             | parameters.0.config.source | false                  |
      | agents             | resources.0.id             | 3                      |

    @check.enum-letter-case @check.enum-refused @check.json-type-refused
    @rule.2.3-agent
    Examples:
      | index              | field                      | json                   |
      | agents             | actions.0.status           | true                   |

    @check.entry-description-type @check.json-type-refused
    @rule.2.3-agent
    Examples:
      | index              | field                      | json                   |
      | agents             | actions.0.description      | 5                      |
      | agents             | parameters.0.description   | ["x"]                  |
      | agents             | resources.0.description    | {"text": "x"}          |

    @check.enum-letter-case @check.enum-refused @check.json-type-refused @check.parameter-enum-refused
    @rule.2.3-agent
    Examples:
      | index              | field                      | json                   |
      | agents             | parameters.0.type          | 1                      |
      | agents             | parameters.0.config.schema | ["yaml"]               |

  @rule.2-field-types
  Scenario Outline: Updating <index> setting <field> to <json> is refused
    Given <index> hold a record with a new id
    When I update that record setting <field> to <json>
    Then the response is a refusal
    And that record is unchanged

    @check.json-type-refused @check.link-type-field-type
    Examples:
      | index              | field                      | json                   |
      | network link types | name                       | 42                     |
      | network link types | description                | {"text": "x"}          |

    @check.link-type-field-type
    Examples:
      | index              | field                      | json                   |
      | network link types | name                       | null                   |

    Examples:
      | index              | field                      | json                   |
      | agents             | actions                    | {"id": "start"}        |
      | agents             | parameters                 | "period"               |
      | agents             | resources                  | 7                      |
      | agents             | actions.0.config           | "agent -c {config} -e" |
      | agents             | parameters.0.config        | "yaml"                 |
      | agents             | parameters.0.config.path   | "period"               |
      | agents             | resources.0.config         | "/var/log/agent.log"   |
      | agents             | resources.0.config.path    | 5                      |

    @check.json-type-refused
    Examples:
      | index              | field                      | json                   |
      | agents             | actions.0.config.cmd       | ["agent", "start"]     |
      | agents             | parameters.0.config.source | false                  |

    @check.enum-letter-case @check.enum-refused @check.enum-refused-on-update @check.json-type-refused
    Examples:
      | index              | field                      | json                   |
      | agents             | actions.0.status           | true                   |

    @check.entry-description-type @check.json-type-refused
    Examples:
      | index              | field                      | json                   |
      | agents             | actions.0.description      | 5                      |
      | agents             | parameters.0.description   | ["x"]                  |
      | agents             | resources.0.description    | {"text": "x"}          |

    @check.enum-letter-case @check.enum-refused @check.enum-refused-on-update @check.json-type-refused @check.parameter-enum-refused
    Examples:
      | index              | field                      | json                   |
      | agents             | parameters.0.type          | 1                      |
      | agents             | parameters.0.config.schema | ["yaml"]               |
