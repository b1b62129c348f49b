@types
Feature: Every typed field refuses another JSON type, at any depth, on create and on update
  The field tables state a JSON type for every field of a network link type and an agent
  (§2.2, §2.3): String, List(String), Boolean, an enumeration, an entry or a config object.
  Each field, found by walking the spec's create schema (never a hand-copied list), is given a
  value of another JSON type in turn — on create, and on update of a stored record, an agent
  entry addressed by its id (§4.1 rule 5) —, at {base} and {base}/{id} alternately. Each is
  refused (400, 406 or 422; faithful-answers refusal-status) and nothing is stored or changed
  (read back). Fields whose names the description hides are typed only by a target that uses
  the name (faithful-answers hidden-name-fields): one that refuses a wrong value on create must
  refuse it on update. Events fix no field but the id. Deselect the class with --tags 'not @types'.

  @rule.2-field-types
  Scenario Outline: Every field of <index> whose type is stated refuses another JSON type on <operation>
    When I <operation> <index> giving each field whose type is stated a value of another JSON type in turn
    Then every one is refused and nothing is stored or changed

    Examples:
      | index              | operation |
      | network link types | create    |

    @check.field-types-inside-entries
    Examples:
      | index              | operation |
      | agents             | create    |

    @check.field-types-on-update
    Examples:
      | index              | operation |
      | network link types | update    |

    @check.field-types-inside-entries @check.field-types-on-update
    Examples:
      | index              | operation |
      | agents             | update    |
