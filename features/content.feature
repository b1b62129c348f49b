@content
Feature: What is stored is what was sent
  Fields beyond the tables are kept as sent (§2 rule 4) and the tabulated strings are Strings
  (§2.2, §2.3): text beyond ASCII (accents, CJK, characters outside the Basic Multilingual Plane),
  quotes, backslashes and control characters, nested objects and lists, empty strings, objects
  and lists, large integers (within ±(2^53-1), which every JSON number implementation carries
  exactly) and decimals, text that reads as a date, a time or a number (a store that types it by
  its look writes it back re-formatted: 2026-11-28T10:00:00.000Z, 42) read back equal — after
  create and after update. Text longer than a common column width (255 characters, 4000 or
  65535 UTF-8 bytes) reads back whole, or is refused for a size limit (§8 shows none), never cut
  short. Deselect the class with --tags 'not @content'.

  @rule.2-rule-4-content
  Scenario Outline: <index> keep <content> as sent, on create and on update
    When I create <index> with a new id holding <content>
    Then the response is 201 with an envelope naming the id
    And that record can be read by its id as sent
    When I update that record setting the same fields to other <content>
    Then the response is 200 with an update envelope
    And that record can be read by its id as sent

    @check.text-beyond-ascii-kept
    Examples:
      | index              | content                          |
      | events             | text beyond ASCII                |
      | network link types | text beyond ASCII                |
      | agents             | text beyond ASCII                |

    Examples:
      | index              | content                          |
      | events             | escapes and control characters   |
      | network link types | escapes and control characters   |
      | agents             | escapes and control characters   |

    @check.nesting-kept
    Examples:
      | index              | content                          |
      | events             | nested objects and lists         |
      | network link types | nested objects and lists         |
      | agents             | nested objects and lists         |

    @check.empty-values-kept @check.nesting-kept
    Examples:
      | index              | content                          |
      | events             | empty strings, objects and lists |
      | network link types | empty strings, objects and lists |
      | agents             | empty strings, objects and lists |

    @check.numbers-kept
    Examples:
      | index              | content                          |
      | events             | large integers and decimals      |
      | network link types | large integers and decimals      |
      | agents             | large integers and decimals      |

    @check.nesting-kept @check.typed-text
    Examples:
      | index              | content                                       |
      | events             | text that reads as a date, a time or a number |
      | network link types | text that reads as a date, a time or a number |
      | agents             | text that reads as a date, a time or a number |

  # §8 shows no size limit: a service may have one and refuse what is over it (faithful-answers
  # value-size-limit), but what it takes it keeps whole. The values: 300 characters (over a
  # varchar(255)), 2100 two-byte characters (over 4000 UTF-8 bytes) and 70 000 characters (over a
  # TEXT column's 65535 bytes), beyond the tables and in the index's own string fields.
  @check.long-text
  @rule.2-long-values
  Scenario Outline: <index> keep text longer than a column whole, or refuse it, on create and on update
    When I create <index> with a new id holding text longer than a column
    Then the long text is taken and reads back whole, or refused and nothing is stored
    When I update that record setting the same fields to other text longer than a column
    Then the long text is taken and reads back whole, or refused and nothing is stored

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # RFC 8259 section 9 lets an implementation limit the characters of the strings and the range of
  # the numbers it accepts: a service may refuse U+0000 (a C string ends there, PostgreSQL text
  # refuses it) and numbers a 32-bit float or a DOUBLE column cannot hold (faithful-answers
  # nul-character, number-range), but what it takes it keeps as sent.
  @check.edge-values
  @rule.2-edge-values
  Scenario Outline: <index> keep U+0000 and the edges of a double as sent, or refuse them, on create and on update
    When I create <index> with a new id holding U+0000 and the edges of a double
    Then the values are taken and read back as sent, or refused and nothing is stored
    When I update that record setting the same fields to other U+0000 and the edges of a double
    Then the values are taken and read back as sent, or refused and nothing is stored

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
