@errors
Feature: Envelope and errors
  Create, update and delete answer with the envelope {status, code, error, message}; errors are
  an HTTP status plus, where the description shows it, the envelope with error true (§4.1, §7).
  Every response of every scenario is also checked against the spec's schema for its status.

  @record-path
  @check.duplicate-id-in-path @check.envelope-status
  @rule.4.1-rule-3
  Scenario Outline: Creating <index> under an id that already exists, named in the path, is refused
    Given the <index> hold a record with a new id
    When I create <index> with the same id in the path
    Then the response is 406 with message "Id already found"
    And that record is unchanged

    @check.extra-fields-kept
    Examples:
      | index              |
      | events             |

    Examples:
      | index              |
      | network link types |
      | agents             |

  # §7: 415 when the body is not sent as application/json. The body itself is valid JSON, so
  # the media type is the only fault. A delete on {base} is left out: a server that wrongly
  # dropped the body would delete the whole index; {base}/{id} checks the same rule harmlessly.
  @rule.4.1-headers @rule.4.2-create @rule.4.2-delete @rule.4.2-read @rule.4.2-update @rule.7-envelopes-not-shown @rule.7-media-type
  Scenario Outline: <operation> on <index> at <path> with a body that is not sent as JSON is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with a body sent as "text/plain"
    Then the response is 415
    And nothing was created and that record is unchanged

    @check.415-acts-on-nothing @check.extra-fields-kept @check.media-type-on-create
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}      |
      | create    | events             | {base}/{id} |

    @check.415-acts-on-nothing @check.media-type-on-create
    Examples:
      | operation | index              | path        |
      | create    | network link types | {base}      |
      | create    | network link types | {base}/{id} |
      | create    | agents             | {base}      |
      | create    | agents             | {base}/{id} |

    @check.extra-fields-kept
    Examples:
      | operation | index              | path        |
      | read      | events             | {base}      |
      | read      | events             | {base}/{id} |

    Examples:
      | operation | index              | path        |
      | read      | network link types | {base}      |
      | read      | network link types | {base}/{id} |
      | read      | agents             | {base}      |
      | read      | agents             | {base}/{id} |

    @check.415-acts-on-nothing @check.extra-fields-kept @check.update-names-record-in-body
    Examples:
      | operation | index              | path        |
      | update    | events             | {base}      |

    @check.415-acts-on-nothing @check.extra-fields-kept
    Examples:
      | operation | index              | path        |
      | update    | events             | {base}/{id} |
      | delete    | events             | {base}/{id} |

    @check.415-acts-on-nothing @check.update-names-record-in-body
    Examples:
      | operation | index              | path        |
      | update    | network link types | {base}      |
      | update    | agents             | {base}      |

    @check.415-acts-on-nothing
    Examples:
      | operation | index              | path        |
      | update    | network link types | {base}/{id} |
      | update    | agents             | {base}/{id} |
      | delete    | network link types | {base}/{id} |
      | delete    | agents             | {base}/{id} |

  # §4.2: 400 "request not valid"; the description does not say which status a broken body gets, so
  # any refusal passes and the outcome is checked. Delete on {base} is left out as above.
  @rule.4.2-create @rule.4.2-malformed-body @rule.4.2-read @rule.4.2-update
  Scenario Outline: <operation> on <index> at <path> with a body that is not valid JSON is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with a body that is not valid JSON
    Then the response is a client error
    And nothing was created and that record is unchanged

    @check.extra-fields-kept
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}      |
      | create    | events             | {base}/{id} |
      | read      | events             | {base}      |
      | read      | events             | {base}/{id} |
      | update    | events             | {base}      |
      | update    | events             | {base}/{id} |
      | delete    | events             | {base}/{id} |

    Examples:
      | operation | index              | path        |
      | create    | network link types | {base}      |
      | create    | network link types | {base}/{id} |
      | create    | agents             | {base}      |
      | create    | agents             | {base}/{id} |
      | read      | network link types | {base}      |
      | read      | network link types | {base}/{id} |
      | read      | agents             | {base}      |
      | read      | agents             | {base}/{id} |
      | update    | network link types | {base}      |
      | update    | network link types | {base}/{id} |
      | update    | agents             | {base}      |
      | update    | agents             | {base}/{id} |
      | delete    | network link types | {base}/{id} |
      | delete    | agents             | {base}/{id} |

  # §4.1: a create or update body is a record, a JSON object (create: "a JSON record"; update:
  # "JSON holding the id of the record to change and the fields to set"). A number, a string or a
  # boolean is valid JSON but no record, so the request is not valid (§4.2: 400); as above, any
  # refusal passes and the outcome is checked. Null and lists are left out: a list may be a batch
  # (an extension) and null may be read as no body. Read and delete take a query body instead.
  @check.body-not-an-object
  @rule.4.2-malformed-body
  Scenario Outline: <operation> on <index> at <path> with a JSON body that is not an object (<json>) is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with the JSON body '<json>'
    Then the response is a client error
    And nothing was created and that record is unchanged

    @check.extra-fields-kept
    Examples:
      | operation | index              | path        | json   |
      | create    | events             | {base}      | 42     |
      | create    | events             | {base}/{id} | "text" |
      | update    | events             | {base}      | true   |
      | update    | events             | {base}/{id} | 42     |

    Examples:
      | operation | index              | path        | json   |
      | create    | network link types | {base}      | true   |
      | create    | network link types | {base}/{id} | 42     |
      | create    | agents             | {base}      | "text" |
      | create    | agents             | {base}/{id} | true   |
      | update    | network link types | {base}      | "text" |
      | update    | network link types | {base}/{id} | true   |
      | update    | agents             | {base}      | 42     |
      | update    | agents             | {base}/{id} | "text" |
