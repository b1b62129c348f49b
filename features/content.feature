@content
Feature: What is stored is what was sent
  Fields beyond the tables are kept as sent (§2 rule 4) and the tabulated strings are Strings
  (§2.2, §2.3): text beyond ASCII (accents, CJK, characters outside the Basic Multilingual Plane),
  quotes, backslashes and control characters, nested objects and lists, empty strings, objects
  and lists, large integers (within ±(2^53-1), which every JSON number implementation carries
  exactly) and decimals read back equal — after create and after update. Deselect the class with
  --tags 'not @content'.

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
