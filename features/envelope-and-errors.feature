@errors
Feature: Envelope and errors
  Create, update and delete answer with the envelope {status, code, error, message}; errors are
  an HTTP status plus, where the seed shows it, the envelope with error true (seed §4.1, §7).
  Every response of every scenario is also checked against the spec's schema for its status.

  Scenario Outline: Creating <index> under an id that already exists, named in the path, is refused
    Given the <index> hold a record with a new id
    When I create <index> with the same id in the path
    Then the response is 406 with message "Id already found"
    And that record is unchanged

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  Scenario Outline: Creating <index> with a body that is not sent as JSON is refused
    When I create <index> with a new id sent as "text/plain"
    Then the response is 415
    And no <index> record exists under that id

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  Scenario Outline: Updating <index> with a body that is not sent as JSON is refused
    Given the <index> hold a record with a new id
    When I update that record with a body sent as "text/plain"
    Then the response is 415
    And that record is unchanged

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  Scenario Outline: Reading <index> with a query that is not sent as JSON is refused
    When I read <index> with a query sent as "text/plain"
    Then the response is 415

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  Scenario Outline: Deleting <index> with a query that is not sent as JSON is refused
    Given the <index> hold a record with a new id
    When I delete that record with a query sent as "text/plain"
    Then the response is 415
    And that record is unchanged

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  Scenario: A create body that is not valid JSON is refused
    When I create an event with a new id in a body that is not valid JSON
    Then the response is a client error
    And no event exists under that id

  Scenario Outline: An update body of <index> that is not valid JSON is refused
    Given the <index> hold a record with a new id
    When I update that record with a body that is not valid JSON
    Then the response is a client error
    And that record is unchanged

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  Scenario: A read query that is not valid JSON is refused
    When I read network link types with a query that is not valid JSON
    Then the response is a client error

  # The seed fixes that id cannot be updated (§2 rule 1), not the status of the attempt: an
  # implementation may refuse it (400/406/422) or ignore the new id. Only the outcome is checked.
  Scenario Outline: Changing the id of <index> is refused
    Given the <index> hold a record with a new id
    When I update that record changing its id to a new id
    Then the record still exists under its first id and none under the new id

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @extension
  Scenario: Updating an id that does not exist is refused
    When I update the event with an unknown id setting "source" to "10.0.0.1"
    Then the response is a client error
    And no event exists under that id

  @extension
  Scenario Outline: Creating a batch of <index> creates every record
    When I create a batch of two <index> with new ids
    Then the response is 201 with an envelope naming both ids
    And both records can be read by their ids as sent

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @extension
  Scenario: Creating an empty batch has nothing to create
    When I create an empty batch of events
    Then the response is 204

  @extension
  Scenario: Updating a batch of network link types updates every record
    Given two network link types with new ids exist
    When I update both network link types in one batch setting "description" to "Batch updated"
    Then the response is 200 with an update envelope
    And both records can be read by their ids as sent
