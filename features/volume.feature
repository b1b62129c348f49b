@volume
Feature: Every record counts, however many there are
  A read without a query returns every record of the index (§4.1 rule 2), and a read or delete
  with a where acts on every record it matches (§4.1 query body). The description shows no page
  size (§8), so none may cut an answer short: each scenario creates 260 small records under the
  run prefix — more than any page size a store or framework defaults to (10, 20, 25, 50, 100,
  250) —, one request per record, paced by --rate. Then it reads them all, reads them with a
  where that matches them all, and deletes them with that where: 265 requests per index.
  Deselect the class with --tags 'not @volume'.

  @rule.4.1-volume
  Scenario Outline: Every one of 260 <index> is counted by a read without a query, a read by where and a delete by where
    Given 260 <index> of one batch exist
    When I read all <index>
    Then the list holds every record of the batch as sent
    When I read <index> where the batch field equals the batch value
    Then the list holds exactly the records of the batch as sent
    When I delete <index> where the batch field equals the batch value
    Then the response is 205 with an envelope of code 200
    And no record of the batch is left

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |
