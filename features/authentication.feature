@auth
Feature: Authentication
  Every operation carries a JWT in the Authorization header; when authentication fails the
  status is 401 (seed §5). The requests below are harmless even to a server that lets them
  through: they name ids of this run only, and a delete either carries a where that matches
  nothing or names an id of this run that does not exist.

  Scenario Outline: <operation> on <index> without a token is refused
    When I <operation> <index> without a token
    Then the response is 401

    Examples:
      | operation | index                         |
      | create    | events                        |
      | read      | events                        |
      | update    | events                        |
      | delete    | events                        |
      | create    | network link types            |
      | read      | network link types            |
      | update    | network link types            |
      | delete    | network link types            |
      | create    | agents                        |
      | read      | agents                        |
      | update    | agents                        |
      | delete    | agents                        |
      | create    | an event by its id            |
      | read      | an event by its id            |
      | update    | an event by its id            |
      | delete    | an event by its id            |
      | create    | a network link type by its id |
      | read      | a network link type by its id |
      | update    | a network link type by its id |
      | delete    | a network link type by its id |
      | create    | an agent by its id            |
      | read      | an agent by its id            |
      | update    | an agent by its id            |
      | delete    | an agent by its id            |

  Scenario Outline: <operation> on <index> with a malformed token is refused
    When I <operation> <index> with the token "not-a-jwt"
    Then the response is 401

    Examples:
      | operation | index              |
      | create    | events             |
      | read      | events             |
      | update    | events             |
      | delete    | events             |
      | create    | network link types |
      | read      | network link types |
      | update    | network link types |
      | delete    | network link types |
      | create    | agents             |
      | read      | agents             |
      | update    | agents             |
      | delete    | agents             |

  Scenario Outline: <operation> on <index> with an unsigned token (alg none) is refused
    When I <operation> <index> with an unsigned token
    Then the response is 401

    Examples:
      | operation | index              |
      | create    | events             |
      | read      | network link types |
      | update    | agents             |
      | delete    | events             |

  @needs-jwt-secret
  Scenario: A token minted with the shared secret is accepted
    When I read network link types with a valid token minted from the secret
    Then the response is 200 with a list

  @needs-jwt-secret
  Scenario Outline: A token that is <flaw> is refused
    When I <operation> <index> with a token that is <flaw>
    Then the response is 401

    Examples:
      | flaw                       | operation | index              |
      | expired                    | read      | network link types |
      | not yet valid              | create    | events             |
      | signed with another secret | delete    | agents             |
