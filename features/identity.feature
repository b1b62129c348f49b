@identity
Feature: An id is an exact string
  Every record has a String id (§2) and is named by it at {base}/{id} (§4.1). Ids that differ in
  letter case, in Unicode normalization (a precomposed é and e followed by a combining accent)
  or by a trailing space are different records; an id holding characters a path carries
  percent-encoded is created, read, updated and deleted at its path and reads back unchanged.
  Ids holding "/" are not sent (x-decisions ids-in-path). Deselect the class with
  --tags 'not @identity'.

  @rule.2-id-exact
  Scenario Outline: <index> whose ids differ only by <difference> are two records
    When I create <index> under two new ids that differ only by <difference>
    Then the response is 201 with an envelope naming the id
    And each of the two can be read by its own id as sent
    When I update the second of the two at its path
    Then the response is 200 with an update envelope
    And each of the two can be read by its own id as sent
    When I delete the second of the two at its path
    Then the response is 205 with an envelope of code 200
    And only the first of the two is left, as sent

    @check.ids-differ-by-letter-case
    Examples:
      | index              | difference            |
      | events             | letter case           |
      | network link types | letter case           |
      | agents             | letter case           |

    @check.id-encoded-in-path @check.ids-differ-by-normalization
    Examples:
      | index              | difference            |
      | events             | Unicode normalization |
      | network link types | Unicode normalization |
      | agents             | Unicode normalization |

    @check.id-encoded-in-path @check.ids-differ-by-trailing-space
    Examples:
      | index              | difference            |
      | events             | a trailing space      |
      | network link types | a trailing space      |
      | agents             | a trailing space      |

  @check.id-encoded-in-path
  @rule.2-id-exact
  Scenario Outline: <index> whose id holds <characters> is created, read, updated and deleted at its path
    When I create <index> at {base} under a new id holding <characters>
    Then the response is 201 with an envelope naming the id
    And that record can be read by its id as sent
    When I create <index> at {base}/{id} under another new id holding <characters>
    Then the response is 201 with an envelope naming the id
    And reading it where the id equals its id finds exactly that record as sent
    When I update that record at its path
    Then the response is 200 with an update envelope
    And that record can be read by its id as sent
    When I delete that record at its path
    Then the response is 205 with an envelope of code 200
    And that record can no longer be read

    Examples:
      | index              | characters           |
      | events             | a space              |
      | network link types | a space              |
      | agents             | a space              |
      | events             | a question mark      |
      | network link types | a question mark      |
      | agents             | a question mark      |
      | events             | a hash sign          |
      | network link types | a hash sign          |
      | agents             | a hash sign          |
      | events             | a plus sign          |
      | network link types | a plus sign          |
      | agents             | a plus sign          |
      | events             | letters beyond ASCII |
      | network link types | letters beyond ASCII |
      | agents             | letters beyond ASCII |

    @check.percent-in-path
    Examples:
      | index              | characters           |
      | events             | a percent sign       |
      | network link types | a percent sign       |
      | agents             | a percent sign       |

  @check.plus-in-path
  @rule.2-id-exact
  Scenario Outline: A plus sign in the path of <index> is a plus sign, not a space
    When I create <index> under two new ids, one holding a plus sign and one a space in its place
    And I read the one with the plus sign at a path that holds the plus sign as itself
    Then the response is 200 with a list holding only the one with the plus sign, as sent

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  # §8 shows no length limit: a service may refuse ids over one (faithful-answers id-length-limit),
  # and then both creates are refused, nothing is stored, and the update and delete have nothing to
  # act on. An id it takes names its record whole: two ids of 800 characters that share all but
  # their last ones (over a varchar(255), a search engine's 512-byte key, a 767-byte index prefix)
  # are two records, on create, read, update and delete.
  @check.long-ids
  @rule.2-long-ids
  Scenario Outline: <index> whose ids are longer than a key column are two whole records, or refused
    When I create <index> under two new ids of 800 characters that differ only in the last ones
    Then both are created and read back by their own ids as sent, or both refused and nothing is stored
    When I update the second of the two long ids at its path
    Then unless refused, the response is 200 and each of the two long ids reads back as sent
    When I delete the second of the two long ids at its path
    Then unless refused, the response is 205 and only the first of the two long ids is left, as sent

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
