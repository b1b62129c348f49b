@query
Feature: Reading and deleting with a query body
  Read takes an optional body with select and where.equals; delete takes an optional where; both
  on {base} and on {base}/{id}, where the path names the one record the query must hold for.
  Delete without a body removes every record of the index (§4.1 query body, rules 1, 2, 8).
  where.equals compares exactly: a value that only starts with the one asked for, holds it as a run
  of its words, or differs from it in letter case, accents or punctuation, does not match.

  @base-path
  @rule.1-indices @rule.4.1-headers @rule.4.1-read @rule.4.1-rule-2 @rule.4.2-read
  Scenario Outline: Read all <index> without a query
    Given two <index> with new ids exist
    When I read all <index>
    Then the response is 200 with a list holding both records as sent

    @check.extra-fields-kept
    @rule.6-events
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @record-path
  @rule.4.1-path @rule.4.1-read
  Scenario Outline: Read <index> by id
    Given two <index> with new ids exist
    When I read the first of the <index> by its id
    Then the response is 200 with a list holding only the first record

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @base-path
  @check.where-applied-on-read
  @rule.4.1-query
  Scenario Outline: Read <index> where the id equals a value
    Given two <index> with new ids exist
    When I read the <index> where "id" equals the id of the first
    Then the response is 200 with a list holding only the first record

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @base-path
  @check.equals-exactly @check.where-applied-on-read @check.where-text-exact
  @rule.4.1-query
  Scenario Outline: Read <index> where a field equals a shared value
    Given two <index> sharing a value of "<field>" exist
    And other <index> whose "<field>" only resembles the shared value exist
    When I read the <index> where "<field>" equals the shared value
    Then the response is 200 with a list holding exactly the two sharing it

    @check.extra-fields-kept
    Examples:
      | index              | field |
      | events             | kind  |
      | agents             | kind  |

    Examples:
      | index              | field |
      | network link types | name  |

  # §4.1 rule 8 on both path forms: on {base} a where names the first record (a read of the whole
  # index would return other clients' records too), on {base}/{id} the path names it.
  @rule.4.1-rule-8
  Scenario Outline: Read <index> at <path> selecting <field>
    Given two <index> with new ids exist
    When I read the first of the <index> at <path> selecting "<field>"
    Then the response is 200 with a list of records holding only "<field>" as sent

    @check.extra-fields-kept @check.select-applied @check.select-narrows @check.where-applied-on-read
    Examples:
      | index              | field             | path        |
      | events             | kind              | {base}      |

    @check.extra-fields-kept @check.select-applied @check.select-applied-by-id @check.select-narrows
    Examples:
      | index              | field             | path        |
      | events             | kind              | {base}/{id} |

    @check.select-applied @check.select-narrows @check.where-applied-on-read
    Examples:
      | index              | field             | path        |
      | network link types | name              | {base}      |
      | agents             | actions           | {base}      |

    @check.select-applied @check.select-applied-by-id @check.select-narrows
    Examples:
      | index              | field             | path        |
      | network link types | name              | {base}/{id} |
      | agents             | actions           | {base}/{id} |

    @check.where-applied-on-read
    Examples:
      | index              | field             | path        |
      | network link types | name, description | {base}      |

    Examples:
      | index              | field             | path        |
      | network link types | name, description | {base}/{id} |

  @base-path
  @check.where-applied-on-read
  @rule.4.2-read @rule.7-envelopes-not-shown @rule.7-not-found
  Scenario Outline: Read <index> with a query that matches nothing
    When I read the <index> where "id" equals an unknown id
    Then the response is 404 or 204, nothing found

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @record-path
  @check.delete-envelope @check.envelope-status
  @rule.1-indices @rule.4.1-delete @rule.4.1-envelope @rule.4.2-delete
  Scenario Outline: Delete <index> by id
    Given two <index> with new ids exist
    When I delete the first of the <index> by its id
    Then the response is 205 with an envelope of code 200
    And only the second record is left

    @check.extra-fields-kept
    @rule.6-events
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  # §4.1: the query body of a read applies on {base}/{id} as on {base}. The path names one record
  # and the where must hold for it as well: a where that names another record matches nothing
  # (§7: 404; a read may also answer 204, nothing to act on), and both records stay as they were.
  @record-path
  @rule.4.1-query
  Scenario Outline: Read <index> by id where the id equals its own
    Given two <index> with new ids exist
    When I read the first of the <index> by its id where "id" equals the id of the first
    Then the response is 200 with a list holding only the first record

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @record-path
  @check.read-by-id-finds-nothing @check.read-by-id-where-another @check.where-applied-on-read @check.where-applied-on-read-by-id
  @rule.4.1-query @rule.7-not-found
  Scenario Outline: Reading <index> by id where the id equals another record's finds nothing
    Given two <index> with new ids exist
    When I read the first of the <index> by its id where "id" equals the id of the second
    Then the response is 404 or 204, nothing found
    And both records can be read by their ids as sent

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @base-path
  @check.delete-envelope @check.envelope-status
  @rule.4.1-delete @rule.4.1-query
  Scenario Outline: Delete <index> where the id equals a value
    Given two <index> with new ids exist
    When I delete the <index> where "id" equals the id of the first
    Then the response is 205 with an envelope of code 200
    And only the second record is left

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @base-path
  @check.delete-envelope @check.envelope-status @check.where-text-exact
  @rule.4.1-delete @rule.4.1-query
  Scenario Outline: Delete <index> where a field equals a shared value
    Given two <index> sharing a value of "<field>" exist
    And other <index> whose "<field>" only resembles the shared value exist
    When I delete the <index> where "<field>" equals the shared value
    Then the response is 205 with an envelope of code 200
    And only the records with other values are left

    @check.extra-fields-kept
    Examples:
      | index              | field |
      | events             | kind  |
      | agents             | kind  |

    Examples:
      | index              | field |
      | network link types | name  |

  # The same on delete (§4.1: delete takes an optional where on {base}[/{id}]): a where that holds
  # for the record the path names deletes it; one that names another record deletes nothing.
  @record-path
  @check.delete-envelope @check.envelope-status
  @rule.4.1-query
  Scenario Outline: Delete <index> by id where the id equals its own
    Given two <index> with new ids exist
    When I delete the first of the <index> by its id where "id" equals the id of the first
    Then the response is 205 with an envelope of code 200
    And only the second record is left

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @record-path
  @check.delete-by-id-where-another @check.delete-where-not-holding @check.where-applied-on-delete-by-id
  @rule.4.1-query @rule.7-not-found
  Scenario Outline: Deleting <index> by id where the id equals another record's deletes nothing
    Given two <index> with new ids exist
    When I delete the first of the <index> by its id where "id" equals the id of the second
    Then the response is 404, nothing found
    And both records can be read by their ids as sent

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  @base-path
  @rule.4.2-delete @rule.7-not-found
  Scenario Outline: Delete <index> with a query that matches nothing
    When I delete the <index> where "id" equals an unknown id
    Then the response is 404, nothing found

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # §4.1 rule 1 however many records the index holds: 110 are more than the page a store or search
  # engine commonly deletes by default (10, 20, 25, 50, 100), so a delete that removes one page of
  # them leaves records behind. Fewer than @volume's 260: each scenario runs alone, every request counts.
  @destructive @base-path
  @check.delete-all-paging @check.delete-envelope @check.envelope-status
  @rule.4.1-rule-1
  # Each wipes one index (@wipes.<index>): with --parallel the three run together, each snapshotting
  # and restoring only its own.
  Scenario Outline: Delete all <index> without a body
    Given 110 <index> of one batch exist
    When I delete all <index> without a body
    Then the response is 205 with an envelope of code 200
    And reading all <index> finds nothing

    @wipes.event
    Examples:
      | index  |
      | events |

    @wipes.network-link-type
    Examples:
      | index              |
      | network link types |

    @wipes.agent
    Examples:
      | index  |
      | agents |
