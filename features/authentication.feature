@auth
Feature: Authentication
  Every operation carries a JWT in the Authorization header; when authentication fails the
  status is 401 (§5). A refused request acted on nothing: the record the scenario made is
  read back afterwards and must be as it was, and nothing is created under the id a create named
  (steps/hooks.ts checks every answer that says nothing was done). The requests are harmless even
  to a server that lets them through: they name ids of this run only, and an update or a delete
  names the scenario's own record.

  @rule.4.2-create @rule.4.2-delete @rule.4.2-read @rule.5-no-token @rule.7-envelopes-not-shown
  Scenario Outline: <operation> on <index> at <path> without a token is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> without a token
    Then the response is 401

    @check.401-acts-on-nothing
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}      |
      | update    | events             | {base}      |
      | create    | network link types | {base}      |
      | update    | network link types | {base}      |
      | create    | agents             | {base}      |
      | update    | agents             | {base}      |

    Examples:
      | operation | index              | path        |
      | read      | events             | {base}      |
      | read      | network link types | {base}      |
      | read      | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-delete
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}      |
      | delete    | network link types | {base}      |
      | delete    | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}/{id} |
      | update    | events             | {base}/{id} |
      | create    | network link types | {base}/{id} |
      | update    | network link types | {base}/{id} |
      | create    | agents             | {base}/{id} |
      | update    | agents             | {base}/{id} |

    @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | read      | events             | {base}/{id} |
      | read      | network link types | {base}/{id} |
      | read      | agents             | {base}/{id} |

    @check.401-acts-on-nothing @check.auth-on-delete @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}/{id} |
      | delete    | network link types | {base}/{id} |
      | delete    | agents             | {base}/{id} |

  @rule.4.2-update @rule.5-malformed-token
  Scenario Outline: <operation> on <index> at <path> with a malformed token is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with the token "not-a-jwt"
    Then the response is 401

    @check.401-acts-on-nothing
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}      |
      | update    | events             | {base}      |
      | create    | network link types | {base}      |
      | update    | network link types | {base}      |
      | create    | agents             | {base}      |
      | update    | agents             | {base}      |

    Examples:
      | operation | index              | path        |
      | read      | events             | {base}      |
      | read      | network link types | {base}      |
      | read      | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-delete
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}      |
      | delete    | network link types | {base}      |
      | delete    | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}/{id} |
      | update    | events             | {base}/{id} |
      | create    | network link types | {base}/{id} |
      | update    | network link types | {base}/{id} |
      | create    | agents             | {base}/{id} |
      | update    | agents             | {base}/{id} |

    @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | read      | events             | {base}/{id} |
      | read      | network link types | {base}/{id} |
      | read      | agents             | {base}/{id} |

    @check.401-acts-on-nothing @check.auth-on-delete @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}/{id} |
      | delete    | network link types | {base}/{id} |
      | delete    | agents             | {base}/{id} |

  # An unsigned token's header says alg none; a verifier that compares the algorithm ignoring letter
  # case takes None, NONE and nOnE for it too, and must refuse them all.
  @rule.5-unsigned-token
  Scenario Outline: <operation> on <index> at <path> with an unsigned token (alg none) is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with each unsigned token, alg none in any letter case
    Then each answer is 401

    @check.401-acts-on-nothing
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}      |
      | update    | events             | {base}      |
      | create    | network link types | {base}      |
      | update    | network link types | {base}      |
      | create    | agents             | {base}      |
      | update    | agents             | {base}      |

    Examples:
      | operation | index              | path        |
      | read      | events             | {base}      |
      | read      | network link types | {base}      |
      | read      | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-delete
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}      |
      | delete    | network link types | {base}      |
      | delete    | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}/{id} |
      | update    | events             | {base}/{id} |
      | create    | network link types | {base}/{id} |
      | update    | network link types | {base}/{id} |
      | create    | agents             | {base}/{id} |
      | update    | agents             | {base}/{id} |

    @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | read      | events             | {base}/{id} |
      | read      | network link types | {base}/{id} |
      | read      | agents             | {base}/{id} |

    @check.401-acts-on-nothing @check.auth-on-delete @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}/{id} |
      | delete    | network link types | {base}/{id} |
      | delete    | agents             | {base}/{id} |

  # A token whose signature the deployment's key did not make, needing no secret to build: signed
  # HS256 with an empty key (what a server whose secret is unset verifies), and one whose header
  # names hs256 in lower case over a signature of another key (what a verifier that takes an
  # unknown spelling for "no check" lets through).
  @check.forged-token @check.token-signature
  @rule.5-forged-token
  Scenario Outline: <operation> on <index> at <path> with a forged token is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with each forged token
    Then each answer is 401

    @check.401-acts-on-nothing
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}      |
      | update    | events             | {base}      |
      | create    | network link types | {base}      |
      | update    | network link types | {base}      |
      | create    | agents             | {base}      |
      | update    | agents             | {base}      |

    Examples:
      | operation | index              | path        |
      | read      | events             | {base}      |
      | read      | network link types | {base}      |
      | read      | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-delete
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}      |
      | delete    | network link types | {base}      |
      | delete    | agents             | {base}      |

    @check.401-acts-on-nothing @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | create    | events             | {base}/{id} |
      | update    | events             | {base}/{id} |
      | create    | network link types | {base}/{id} |
      | update    | network link types | {base}/{id} |
      | create    | agents             | {base}/{id} |
      | update    | agents             | {base}/{id} |

    @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | read      | events             | {base}/{id} |
      | read      | network link types | {base}/{id} |
      | read      | agents             | {base}/{id} |

    @check.401-acts-on-nothing @check.auth-on-delete @check.auth-on-record-path
    Examples:
      | operation | index              | path        |
      | delete    | events             | {base}/{id} |
      | delete    | network link types | {base}/{id} |
      | delete    | agents             | {base}/{id} |

  @needs-jwt-secret
  @rule.5-minted-tokens
  Scenario: A token minted with the shared secret is accepted
    When I read network link types with a valid token minted from the secret
    Then the response is 200 with a list

  @needs-jwt-secret
  @check.401-acts-on-nothing @check.auth-on-record-path @check.token-signature
  @rule.5-minted-tokens
  Scenario Outline: A token that is <flaw> is refused
    Given the <index> hold a record with a new id
    When I <operation> <index> at <path> with a token that is <flaw>
    Then the response is 401

    Examples:
      | flaw                       | operation | index              | path        |
      | expired                    | read      | network link types | {base}      |
      | expired                    | update    | agents             | {base}/{id} |
      | not yet valid              | create    | events             | {base}      |
      | not yet valid              | read      | agents             | {base}/{id} |

    @check.auth-on-delete
    Examples:
      | flaw                       | operation | index              | path        |
      | signed with another secret | delete    | agents             | {base}      |
      | signed with another secret | create    | network link types | {base}/{id} |
