@updates
Feature: Updates that change nothing, change something deep inside, or cannot apply
  An update that would change nothing answers 304 (§4.1, §7), and one that changes a value at
  any depth of the record answers 200 and stores it; id is readonly (§2 rule 1);
  an update names its target by id, in the path ({base}/{id}) or in the body ({base}). Where
  the description leaves the status of a refusal open, the scenario accepts every status §4.2 lists
  for update that fits, and checks the outcome: what is stored afterwards.

  @check.update-changing-nothing
  @rule.4.1-update @rule.4.2-update @rule.7-nothing-to-do
  Scenario Outline: Updating <index> at <path> with the values it already has changes nothing
    Given <index> hold a record with a new id
    When I update that record at <path> with the values it already has
    Then the response is 304, an update not necessary
    And that record is unchanged

    @check.extra-fields-kept @check.update-names-record-in-body
    Examples:
      | index              | path        |
      | events             | {base}      |

    @check.extra-fields-kept
    Examples:
      | index              | path        |
      | events             | {base}/{id} |

    @check.update-names-record-in-body
    Examples:
      | index              | path        |
      | network link types | {base}      |
      | agents             | {base}      |

    Examples:
      | index              | path        |
      | network link types | {base}/{id} |
      | agents             | {base}/{id} |

  # §4.2 lists 204 "nothing to update", 400, 406 and 422 for an update that cannot apply; 200 and
  # 304 would claim an update happened or was unnecessary, and 404 is not an update status.
  @check.update-unknown-id
  @rule.4.2-update @rule.4.2-update-unknown-id
  Scenario Outline: Updating <index> at <path> naming an id that does not exist is refused
    When I update <index> at <path> naming an id that does not exist
    Then the response is nothing to update or a refusal
    And no <index> record exists under that id

    @check.update-unknown-id-at-base
    Examples:
      | index              | path        |
      | events             | {base}      |
      | network link types | {base}      |
      | agents             | {base}      |

    Examples:
      | index              | path        |
      | events             | {base}/{id} |
      | network link types | {base}/{id} |
      | agents             | {base}/{id} |

  # The description fixes that id cannot be updated (§2 rule 1), not the status of the attempt: an
  # implementation may refuse it or ignore the new id (allowance id-change), and the record
  # keeps its id.
  @rule.2-rule-1 @rule.4.2-update
  Scenario Outline: Changing the id of <index> is refused
    Given <index> hold a record with a new id
    When I update that record changing its id to a new id
    Then the response is a refused or ignored id change
    And the record still exists under its first id and none under the new id

    @check.extra-fields-kept
    @rule.2.1-fields
    Examples:
      | index              |
      | events             |

    @rule.2.2-fields
    Examples:
      | index              |
      | network link types |

    @rule.2.3-agent
    Examples:
      | index              |
      | agents             |

  # §4.1 update: 304 only "when nothing would change". One value changed deep inside an entry —
  # its config, or a list inside the config — is a change: 200, and the new value is stored.
  @check.envelope-status @check.nested-change
  @rule.4.1-rule-5 @rule.4.1-update @rule.4.1-update-depth
  Scenario Outline: Update an agent changing only <field> inside an entry of its <list>
    Given an agent with a new id and a path in its resource config exists
    When I update that record changing only the value at "<list>.0.<field>"
    Then the response is 200 with an update envelope
    And the agent can be read by its id as sent

    Examples:
      | list       | field         |
      | actions    | config.cmd    |
      | parameters | config.source |

    @check.string-list-change
    Examples:
      | list       | field         |
      | parameters | config.path   |
      | resources  | config.path   |

  # The same at any depth of a field beyond the tables (§2 rule 4): a value inside an object or a
  # list the record holds is a change too.
  @check.envelope-status @check.extra-fields-kept @check.nested-change
  @rule.4.1-update @rule.4.1-update-depth
  Scenario Outline: Update <index> changing only <field>, nested inside a field beyond the tables
    Given <index> hold a record with a new id and extra fields
    When I update that record changing only the value at "<field>"
    Then the response is 200 with an update envelope
    And that record can be read by its id as sent

    @check.object-value-change
    Examples:
      | index              | field            |
      | events             | origin.host      |
      | network link types | vendor.certified |

    @check.string-list-change
    Examples:
      | index              | field            |
      | agents             | labels.1         |

  # §4.1 update: 304 only when nothing would change. A value that keeps its text but changes its
  # JSON type (1 → "1", true → "true", "1" → 1, null → "null"; 0 → false, 1 → true) changes the record.
  @check.envelope-status @check.extra-fields-kept @check.update-json-type
  @rule.4.1-update-json-type
  Scenario Outline: Updating <index> changing only the JSON type of values changes the record
    Given <index> hold a record with a new id and values of every JSON type
    When I update that record setting each value to the same text in another JSON type
    Then the response is 200 with an update envelope
    And that record can be read by its id as sent
    When I update that record setting its numbers 0 and 1 to the booleans false and true
    Then the response is 200 with an update envelope
    And that record can be read by its id as sent

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
