@media-type
Feature: application/json with parameters or in another letter case is application/json
  Requests are application/json (§4.1, §7: 415 for another media type). A media type's type,
  subtype and parameter names are compared without letter case and may carry parameters
  (RFC 9110 section 8.3.1), so "application/json; charset=utf-8", "application/json;charset=UTF-8" and
  "Application/JSON" are application/json: taken wherever it is, on create, update, and read and
  delete with a body. Deselect the class with --tags 'not @media-type'.

  @rule.4.1-media-type-spelling
  Scenario Outline: Create <index> at <path> with the body sent as "<media type>"
    When I create <index> at <path> sending the body as "<media type>"
    Then the response is 201 with an envelope naming the id
    And that record can be read by its id as sent

    @check.media-type-parameter
    Examples:
      | index              | path        | media type                      |
      | events             | {base}      | application/json; charset=utf-8 |
      | agents             | {base}      | application/json;charset=UTF-8  |

    @check.media-type-letter-case
    Examples:
      | index              | path        | media type                      |
      | network link types | {base}/{id} | Application/JSON                |

  @rule.4.1-media-type-spelling
  Scenario Outline: Update <index> at <path> with the body sent as "<media type>"
    Given <index> hold a record with a new id
    When I update <index> at <path> sending the body as "<media type>"
    Then the response is 200 with an update envelope
    And that record can be read by its id as sent

    @check.media-type-letter-case
    Examples:
      | index              | path        | media type                      |
      | events             | {base}/{id} | Application/JSON                |

    @check.media-type-parameter
    Examples:
      | index              | path        | media type                      |
      | network link types | {base}      | application/json;charset=UTF-8  |
      | agents             | {base}/{id} | application/json; charset=utf-8 |

  @rule.4.1-media-type-spelling
  Scenario Outline: Read <index> at <path> with a where sent as "<media type>"
    Given <index> hold a record with a new id
    When I read <index> at <path> sending the body as "<media type>"
    Then the response is 200 with a list holding only the first record

    @check.media-type-parameter
    Examples:
      | index              | path        | media type                      |
      | events             | {base}      | application/json;charset=UTF-8  |
      | network link types | {base}/{id} | application/json; charset=utf-8 |

    @check.media-type-letter-case
    Examples:
      | index              | path        | media type                      |
      | agents             | {base}      | Application/JSON                |

  @rule.4.1-media-type-spelling
  Scenario Outline: Delete <index> at <path> with a where sent as "<media type>"
    Given <index> hold a record with a new id
    When I delete <index> at <path> sending the body as "<media type>"
    Then the response is 205 with an envelope of code 200
    And that record can no longer be read

    @check.media-type-parameter
    Examples:
      | index              | path        | media type                      |
      | events             | {base}/{id} | application/json; charset=utf-8 |
      | agents             | {base}/{id} | application/json;charset=UTF-8  |

    @check.media-type-letter-case
    Examples:
      | index              | path        | media type                      |
      | network link types | {base}      | Application/JSON                |
