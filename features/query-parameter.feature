@extension @query-parameter
Feature: The query as the URL parameter q (extension)
  Browsers cannot send a GET body, so read and delete also take their query as
  ?q=<URL-encoded JSON>; a body and q together are refused with 400 (spec x-decisions
  query-parameter). A server without this extension ignores q: a delete with q goes only to
  {base}/{id} here, so such a server deletes at most a record the scenario made.

  @base-path
  @check.needs-an-extension @check.q-applied
  @rule.ext-q-parameter
  Scenario Outline: Read <index> with the query in the URL parameter q
    Given two <index> with new ids exist
    When I read the <index> where "id" equals the id of the first, sending the query as q
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
  @check.needs-an-extension @check.q-applied
  @rule.ext-q-parameter
  Scenario Outline: Read <index> by id selecting <field> with the query in q
    Given two <index> with new ids exist
    When I read the first of the <index> by its id selecting "<field>", sending the query as q
    Then the response is 200 with a list of records holding only "<field>" as sent

    @check.extra-fields-kept
    Examples:
      | index              | field   |
      | events             | kind    |

    Examples:
      | index              | field   |
      | network link types | name    |
      | agents             | actions |

  @record-path
  @check.delete-where-not-holding @check.needs-an-extension @check.q-applied
  @rule.ext-q-parameter
  Scenario Outline: Deleting <index> by id with a where in q that does not hold deletes nothing
    Given two <index> with new ids exist
    When I delete the first of the <index> by its id where "id" equals the id of the second, sending the query as q
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

  @network-link-types @record-path
  @check.delete-status
  @rule.ext-q-parameter
  Scenario: Deleting network link types by id with a where in q that holds deletes the record
    Given two network link types with new ids exist
    When I delete the first of the network link types by its id where "id" equals the id of the first, sending the query as q
    Then the response is 205
    And only the second record is left

  @check.envelope-status @check.extra-fields-kept @check.needs-an-extension @check.q-applied
  @rule.ext-q-with-body
  Scenario Outline: A query sent both in the body and as q is refused on <operation> at <path>
    Given two events with new ids exist
    When I <operation> the events at <path> sending one query in the body and another as q
    Then the response is 400 naming "q"
    And both records can be read by their ids as sent

    Examples:
      | operation | path        |
      | read      | {base}      |
      | read      | {base}/{id} |
      | delete    | {base}/{id} |

  @check.envelope-status @check.extra-fields-kept @check.needs-an-extension @check.q-applied
  @rule.ext-q-with-body
  Scenario Outline: A query given twice as q is refused on <operation> at <path>
    Given two events with new ids exist
    When I <operation> the events at <path> sending the query as q twice
    Then the response is 400 naming "q"
    And both records can be read by their ids as sent

    Examples:
      | operation | path        |
      | read      | {base}      |
      | read      | {base}/{id} |
      | delete    | {base}/{id} |

  @check.envelope-status @check.extra-fields-kept @check.needs-an-extension @check.q-applied
  @rule.ext-q-with-body
  Scenario Outline: A q that is not JSON is refused on <operation> at <path>
    Given two events with new ids exist
    When I <operation> the events at <path> sending as q a text that is not JSON
    Then the response is 400 naming "q"
    And both records can be read by their ids as sent

    Examples:
      | operation | path        |
      | read      | {base}      |
      | delete    | {base}/{id} |
