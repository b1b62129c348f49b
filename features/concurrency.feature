@concurrency
Feature: Clients that send at the same time
  The rules of §4.1 hold when clients send at once: every answer, and what is stored afterwards,
  is what some order of the same requests, sent one at a time, gives. Each scenario sends its
  requests together, each over its own connection, in rounds; each round works on a new record
  under the run prefix (deleted afterwards). A server that checks a record, then writes a few
  milliseconds later, lets two requests of a round through that check. Deselect these scenarios
  with --tags 'not @concurrency'.

  # §4.1 rule 3: one create of the id wins, every other is refused as a duplicate, and the record
  # stored is the winner's body (each sender's body differs).
  @rule.4.1-concurrent @rule.4.1-rule-3
  Scenario Outline: Concurrent creates of one new id of <index> create it once
    When I create <index> under one new id 4 times at once, in 10 rounds
    Then in each round exactly one create answered 201 and every other 406 "Id already found"
    And each round's record is stored as the create answered 201 sent it

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # §4.1 update: each update sets a field no other sets; none answered 200 may be lost.
  @rule.4.1-concurrent @rule.4.1-update
  Scenario Outline: Concurrent updates of different fields of one record of <index> lose none
    When I update one <index> record 4 times at once, each setting another field, in 10 rounds
    Then every update of each round answered 200
    And each round's record holds every field an update answered 200 for

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # §4.1 delete: a delete answered 205 removed the record; an update racing it may come before
  # (200) or after (it cannot apply) but never brings the record back.
  @check.update-races-delete
  @rule.4.1-concurrent @rule.4.1-delete
  Scenario Outline: An update racing a delete of <index> never brings the record back
    When I update and delete one <index> record at once, in 10 rounds
    Then each round's delete answered 205, its updates 200 or a refusal of an unknown id, and its record is gone

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # §4.1 delete, §7: one delete removes the record, every other finds nothing.
  @rule.4.1-concurrent @rule.4.1-delete @rule.7-not-found
  Scenario Outline: Concurrent deletes of one record of <index> delete it once
    When I delete one <index> record 3 times at once, in 10 rounds
    Then in each round exactly one delete answered 205 and every other 404

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # §4.1 read: a read racing a delete sees the record as it was created, or nothing.
  @rule.4.1-concurrent @rule.4.1-read
  Scenario Outline: A read racing a delete of <index> sees the whole record or nothing
    When I read and delete one <index> record at once, in 10 rounds
    Then each round's reads found the whole record or nothing, and its delete answered 205

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
