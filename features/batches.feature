@extension @batches
Feature: Batches of records (extension)
  Create and update also take a JSON list of records. The envelope has one item per record, in
  request order; the HTTP status is the most severe item, ranked as the original service ranks
  codes (an error outranks a success; 201 and 200 outrank 304). An id in the path together with
  a list, or one id named twice in a list, refuses the whole request with 406 naming "id" (spec
  x-decisions batches). The item of a created record carries its id.

  @base-path
  @check.envelope-status
  @rule.4.2-batches
  Scenario Outline: Creating a batch of <index> creates every record
    When I create a batch of two <index> with new ids
    Then the response is 201 with an envelope naming both ids
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
  @rule.4.2-batches @rule.4.2-create @rule.7-nothing-to-do
  Scenario: Creating an empty batch has nothing to create
    When I create an empty batch of events
    Then the response is 204

  @base-path
  @check.envelope-status @check.update-names-record-in-body
  @rule.4.2-batches
  Scenario: Updating a batch of network link types updates every record
    Given two network link types with new ids exist
    When I update both network link types in one batch setting "description" to "Batch updated"
    Then the response is 200 with an update envelope
    And both records can be read by their ids as sent

  @base-path
  @check.envelope-status @check.needs-an-extension
  @rule.ext-batch-items @rule.ext-batch-status @rule.ext-create-item-id
  Scenario Outline: A batch of <index> with a refused record answers one item per record, 406 the most severe
    Given <index> with a new id exists
    When I create a batch of <index>: a new record, one under the id of that record, another new record
    Then the response is 406 with the items "201, 406, 201" in request order
    And each created item carries the id of its record
    And the records the batch created can be read as sent
    And the <index> record that existed is unchanged

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  # A batch entry that is not a record is refused: the reference refuses the whole batch with
  # 400, an implementation that handles the records one by one answers its own 406 item. The
  # spec's batch text fixes neither, so any client error passes.
  @base-path
  @rule.ext-batch-not-a-record
  Scenario Outline: A batch of <index> holding a value that is not an object is refused
    When I create a batch of <index>: a new record, then the JSON value 42
    Then the response is a client error

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @base-path
  @check.envelope-status @check.message-names-the-field @check.needs-an-extension
  @rule.ext-batch-path-id
  Scenario Outline: <operation> on <index> with a list and an id in the path is refused whole
    When I <operation> a batch of two <index> under a new id in the path
    Then the response is 406 naming the field "id"
    And no <index> record exists under that id

    Examples:
      | operation | index              |
      | create    | events             |
      | create    | agents             |
      | update    | network link types |

  @base-path
  @check.envelope-status @check.extra-fields-kept @check.message-names-the-field @check.needs-an-extension
  @rule.ext-batch-repeated-id
  Scenario Outline: A batch naming one id twice is refused whole on <operation>
    Given events with a new id exists
    When I <operation> a batch of events naming one id twice
    Then the response is 406 naming the field "id"
    And the events named by the batch are as before

    Examples:
      | operation |
      | create    |
      | update    |

  @network-link-types @base-path
  @check.envelope-status @check.extra-fields-kept @check.needs-an-extension @check.update-names-record-in-body @check.update-unknown-id @check.update-unknown-id-at-base
  @rule.ext-batch-items @rule.ext-batch-status
  Scenario: Updating a batch where one id does not exist updates the others and answers 406
    Given two network link types with new ids exist
    When I update a batch of network link types: the first changed, then an id that does not exist
    Then the response is 406 with the items "200, 406" in request order
    And both records can be read by their ids as sent
    And no network link types record exists under that id

  @agents @base-path
  @check.envelope-status @check.extra-fields-kept @check.update-names-record-in-body
  @rule.ext-batch-status
  Scenario: Updating a batch where one record changes and one does not answers 200
    Given two agents with new ids exist
    When I update a batch of agents: the first as it is, then the second changed
    Then the response is 200 with the items "304, 200" in request order
    And both records can be read by their ids as sent

  @record-path
  @check.envelope-status @check.needs-an-extension
  @rule.ext-create-item-id
  Scenario Outline: Creating <index> answers an item that carries the created id
    When I create <index> with a new id in the path
    Then the response is 201 with an envelope naming the id
    And each created item carries the id of its record

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
