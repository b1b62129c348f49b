@query
Feature: Reading and deleting with a query body
  Read takes an optional body with select and where.equals; delete takes an optional where;
  delete without a body removes every record of the index (seed §4.1 query body, rules 1, 2, 8).
  where.equals compares exactly: a value that only starts with the one asked for, or differs from
  it in letter case, does not match.

  @base-path
  Scenario Outline: Read all <index> without a query
    Given two <index> with new ids exist
    When I read all <index>
    Then the response is 200 with a list holding both records as sent

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @record-path
  Scenario Outline: Read <index> by id
    Given two <index> with new ids exist
    When I read the first of the <index> by its id
    Then the response is 200 with a list holding only the first record

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @base-path
  Scenario Outline: Read <index> where the id equals a value
    Given two <index> with new ids exist
    When I read the <index> where "id" equals the id of the first
    Then the response is 200 with a list holding only the first record

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @base-path
  Scenario Outline: Read <index> where a field equals a shared value
    Given two <index> sharing a value of "<field>" exist
    And other <index> whose "<field>" only starts with the shared value or differs in letter case exist
    When I read the <index> where "<field>" equals the shared value
    Then the response is 200 with a list holding exactly the two sharing it

    Examples:
      | index              | field |
      | events             | kind  |
      | network link types | name  |

  @base-path
  Scenario Outline: Read <index> selecting <field>
    Given two <index> with new ids exist
    When I read the <index> where "id" equals the id of the first, selecting "<field>"
    Then the response is 200 with a list of records holding only "<field>" as sent

    Examples:
      | index              | field             |
      | events             | kind              |
      | network link types | name              |
      | agents             | actions           |
      | network link types | name, description |

  @base-path
  Scenario Outline: Read <index> with a query that matches nothing
    When I read the <index> where "id" equals an unknown id
    Then the response is 404 or 204, nothing found

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @record-path
  Scenario Outline: Delete <index> by id
    Given two <index> with new ids exist
    When I delete the first of the <index> by its id
    Then the response is 205 with an envelope of code 200
    And only the second record is left

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @base-path
  Scenario Outline: Delete <index> where the id equals a value
    Given two <index> with new ids exist
    When I delete the <index> where "id" equals the id of the first
    Then the response is 205 with an envelope of code 200
    And only the second record is left

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @base-path
  Scenario Outline: Delete <index> where a field equals a shared value
    Given two <index> sharing a value of "<field>" exist
    And other <index> whose "<field>" only starts with the shared value or differs in letter case exist
    When I delete the <index> where "<field>" equals the shared value
    Then the response is 205 with an envelope of code 200
    And only the records with other values are left

    Examples:
      | index              | field |
      | events             | kind  |
      | network link types | name  |

  @base-path
  Scenario Outline: Delete <index> with a query that matches nothing
    When I delete the <index> where "id" equals an unknown id
    Then the response is 404, nothing found

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @destructive @base-path
  Scenario Outline: Delete all <index> without a body
    Given the <index> hold a record with a new id
    When I delete all <index> without a body
    Then the response is 205 with an envelope of code 200
    And reading all <index> finds nothing

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
