@extension @query-language
Feature: The original service's query language (extension)
  Beyond where.equals the original service reads and deletes with reg_exp, wildcard, lt, lte,
  gt and gte comparisons, and, or and not, dotted targets, order and limit; a query that is not
  a query is refused with 400 naming the problem (spec x-decisions query-language). The records
  of a scenario share a family value ("{stem}" below stands for the scenario's id stem), so a
  query can name them alone; reads go to {base}, deletes to {base}/{id} only, so a server that
  ignored a query would at worst delete a record the scenario made.

  @base-path
  @check.needs-an-extension @check.reg-exp-whole @check.where-applied-on-read
  @rule.ext-query-reg-exp
  Scenario Outline: Read <index> whose id matches a regular expression as a whole
    Given these <index> exist:
      | suffix  |
      | alpha   |
      | beta    |
      | alpha-x |
    When I read the <index> with the query:
      """
      {"where": {"reg_exp": {"target": "id", "expr": "{stem}-(alpha|beta)"}}}
      """
    Then the response is 200 with the records "alpha, beta"

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @base-path
  @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-wildcard
  Scenario Outline: Read <index> whose id matches a wildcard as a whole
    Given these <index> exist:
      | suffix  |
      | alpha   |
      | beta    |
      | alpha-x |
      | a       |
    When I read the <index> with the query:
      """
      {"where": {"wildcard": {"target": "id", "expr": "{stem}-?*a"}}}
      """
    Then the response is 200 with the records "alpha, beta"

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @events @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-and-or @rule.ext-query-range
  Scenario: Read events comparing a number with gte and lt, as numbers
    Given these events exist:
      | suffix | rank |
      | r2     | 2    |
      | r9     | 9    |
      | r10    | 10   |
      | r30    | 30   |
    When I read the events with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"gte": {"target": "rank", "expr": "9"}}, {"lt": {"target": "rank", "expr": 30}}]}}
      """
    Then the response is 200 with the records "r9, r10"

  @network-link-types @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-and-or @rule.ext-query-range
  Scenario: Read network link types comparing with gt and lte in an and object
    Given these network link types exist:
      | suffix | rank | label |
      | r2     | 2    | b     |
      | r9     | 9    | d     |
      | r10    | 10   | f     |
      | r30    | 30   | h     |
    When I read the network link types with the query:
      """
      {"where": {"and": {"equals": {"target": "family", "expr": "{stem}"}, "gt": {"target": "rank", "expr": 2}, "lte": {"target": "label", "expr": "f"}}}}
      """
    Then the response is 200 with the records "r9, r10"

  @agents @base-path
  @check.needs-an-extension @check.or-clauses @check.where-applied-on-read
  @rule.ext-query-and-or
  Scenario: Read agents matching any clause of an or, as a list and as an object
    Given these agents exist:
      | suffix | rank |
      | alpha  | 1    |
      | beta   | 2    |
      | gamma  | 3    |
    When I read the agents with the query:
      """
      {"where": {"or": [{"equals": {"target": "id", "expr": "{stem}-alpha"}}, {"or": {"reg_exp": {"target": "id", "expr": "{stem}-g.*"}, "gt": {"target": "rank", "expr": 99}}}]}}
      """
    Then the response is 200 with the records "alpha, gamma"

  @events @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-not
  Scenario: Read events not matching a clause
    Given these events exist:
      | suffix  |
      | alpha   |
      | beta    |
      | alpha-x |
    When I read the events with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"not": {"wildcard": {"target": "id", "expr": "*-alpha*"}}}]}}
      """
    Then the response is 200 with the records "beta"

  @events @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-range
  Scenario Outline: Read events comparing stored strings with <operator> <expr>, as text, other values never matching
    Given these events exist:
      | suffix | code |
      | c10    | "10" |
      | c9     | "9"  |
      | cd     | d    |
      | cf     | f    |
      | none   |      |
      | yes    | true |
    When I read the events with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"<operator>": {"target": "code", "expr": <expr>}}]}}
      """
    Then the response is 200 with the records "<records>"

    Examples:
      | operator | expr | records |
      | lt       | 9    | c10     |
      | lte      | "9"  | c10, c9 |
      | gt       | 9    | cd, cf  |
      | gte      | "d"  | cd, cf  |
      | lt       | "f"  | c10, c9, cd |

  @agents @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.or-clauses @check.where-applied-on-read
  @rule.ext-query-wildcard
  Scenario: Read agents matching patterns against numbers and booleans by their JSON text, never against an object
    Given these agents exist:
      | suffix | rank  | rank.x |
      | n1     | 1     |        |
      | n10    | 10    |        |
      | n2     | 2     |        |
      | yes    | true  |        |
      | no     | false |        |
      | s1     | x1    |        |
      | object |       | 1      |
      | none   |       |        |
    When I read the agents with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"or": [{"wildcard": {"target": "rank", "expr": "1*"}}, {"reg_exp": {"target": "rank", "expr": "t.*"}}, {"wildcard": {"target": "rank", "expr": "*x*"}}]}]}}
      """
    Then the response is 200 with the records "n1, n10, yes, s1"

  @agents @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-and-or
  Scenario: Read agents with several operators in one where object, all of which must hold
    Given these agents exist:
      | suffix | rank |
      | alpha  | 1    |
      | beta   | 5    |
      | gamma  | 9    |
    When I read the agents with the query:
      """
      {"where": {"equals": {"target": "family", "expr": "{stem}"}, "gt": {"target": "rank", "expr": 2}, "reg_exp": {"target": "id", "expr": "{stem}-(alpha|gamma)"}}}
      """
    Then the response is 200 with the records "gamma"

  @network-link-types @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-wildcard
  Scenario: Read network link types by a wildcard whose backslashes escape a star and a question mark
    Given these network link types exist:
      | suffix | label |
      | star   | a*b?  |
      | plain  | axbc  |
      | longer | a*bb? |
    When I read the network link types with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"wildcard": {"target": "label", "expr": "a\\*b\\?"}}]}}
      """
    Then the response is 200 with the records "star"

  @events @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-dotted-target
  Scenario: Read events by a nested field named with a dotted target
    Given these events exist:
      | suffix | origin.host | origin.port |
      | h1     | router-1    | 830         |
      | h2     | router-2    | 22          |
      | h3     | switch-1    | 830         |
    When I read the events with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"reg_exp": {"target": "origin.host", "expr": "router-[0-9]"}}, {"gte": {"target": "origin.port", "expr": 100}}]}}
      """
    Then the response is 200 with the records "h1"

  @network-link-types @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.order-applied @check.where-applied-on-read
  @rule.ext-query-order
  Scenario: Read network link types in the order asked, a second order entry breaking ties
    Given these network link types exist:
      | suffix | group | rank |
      | a      | x     | 2    |
      | b      | y     | 9    |
      | c      | x     | 10   |
      | d      | y     | 30   |
      | e      | x     | 5    |
    When I read the network link types with the query:
      """
      {"where": {"equals": {"target": "family", "expr": "{stem}"}}, "order": [{"target": "group", "mode": "asc"}, {"target": "rank", "mode": "desc"}]}
      """
    Then the response is 200 with the records "c, e, a, d, b" in this order

  @events @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.order-applied
  @rule.ext-query-order
  Scenario Outline: Read events ordered <mode> by a field holding numbers, strings and a boolean, records without it last
    Given these events exist:
      | suffix | rank |
      | sb     | b    |
      | yes    | true |
      | none   |      |
      | n10    | 10   |
      | sa     | a    |
      | blank  |      |
      | n9     | 9    |
    When I read the events with the query:
      """
      {"where": {"equals": {"target": "family", "expr": "{stem}"}}, "order": [{"target": "rank", "mode": "<mode>"}, {"target": "id", "mode": "asc"}]}
      """
    Then the response is 200 with the records "<records>" in this order

    Examples:
      | mode | records                           |
      | asc  | n9, n10, sa, sb, yes, blank, none |
      | desc | yes, sb, sa, n10, n9, blank, none |

  @events @base-path
  @check.extra-fields-kept @check.limit-to-inclusive @check.needs-an-extension @check.order-applied
  @rule.ext-query-limit
  Scenario: Read events with a limit, both indices included, counted after ordering
    Given these events exist:
      | suffix | rank |
      | r30    | 30   |
      | r2     | 2    |
      | r10    | 10   |
      | r9     | 9    |
    When I read the events with the query:
      """
      {"where": {"equals": {"target": "family", "expr": "{stem}"}}, "order": [{"target": "rank", "mode": "asc"}], "limit": {"from": 1, "to": 2}}
      """
    Then the response is 200 with the records "r9, r10" in this order

  @events @base-path
  @check.extra-fields-kept @check.needs-an-extension @check.order-applied
  @rule.ext-query-limit
  Scenario Outline: Read events with the limit <limit>, indices counted after ordering
    Given these events exist:
      | suffix | rank |
      | r30    | 30   |
      | r2     | 2    |
      | r10    | 10   |
      | r9     | 9    |
    When I read the events with the query:
      """
      {"where": {"equals": {"target": "family", "expr": "{stem}"}}, "order": [{"target": "rank", "mode": "desc"}], "limit": <limit>}
      """
    Then the response is 200 with the records "<records>" in this order

    Examples:
      | limit                | records  |
      | {"from": 2, "to": 2} | r9       |
      | {"from": 2}          | r9, r2   |

    @check.limit-to-inclusive
    Examples:
      | limit                | records  |
      | {"to": 1}            | r30, r10 |

  @agents @base-path
  @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-reg-exp-bounded
  Scenario: A regular expression that would backtrack catastrophically is answered at once
    Given these agents exist:
      | suffix | text                                                       |
      | long   | aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! |
    When I read the agents with the query:
      """
      {"where": {"and": [{"equals": {"target": "family", "expr": "{stem}"}}, {"reg_exp": {"target": "text", "expr": "(a+)+$"}}]}}
      """
    Then the response is 404 or 204, nothing found
    And the answer came within 5 seconds

  @record-path
  @check.delete-where-not-holding @check.extra-fields-kept @check.needs-an-extension @check.reg-exp-whole @check.where-applied-on-delete-by-id
  @rule.ext-query-delete
  Scenario Outline: Deleting <index> by id with a where that does not hold deletes nothing
    Given these <index> exist:
      | suffix | rank |
      | alpha  | 5    |
    When I delete the <index> record "alpha" by its id with the query:
      """
      {"where": {"or": [{"reg_exp": {"target": "id", "expr": "{stem}-alph"}}, {"gt": {"target": "rank", "expr": "10"}}]}}
      """
    Then the response is 404, nothing found
    And the <index> records "alpha" still exist

    Examples:
      | index              |
      | events             |
      | network link types |
      | agents             |

  @events @record-path
  @check.delete-status @check.extra-fields-kept @check.needs-an-extension
  @rule.ext-query-delete
  Scenario: Deleting events by id with a where that holds deletes the record
    Given these events exist:
      | suffix | rank |
      | alpha  | 5    |
      | beta   | 5    |
    When I delete the events record "alpha" by its id with the query:
      """
      {"where": {"and": [{"wildcard": {"target": "id", "expr": "*-alpha"}}, {"lte": {"target": "rank", "expr": 5}}]}}
      """
    Then the response is 205
    And the events records "alpha" no longer exist
    And the events records "beta" still exist

  @check.envelope-status @check.extra-fields-kept @check.malformed-query
  @rule.ext-query-errors
  Scenario Outline: A <operation> whose query has <problem> is refused naming it
    Given these events exist:
      | suffix |
      | alpha  |
    When I <operation> the events record "alpha" with the query:
      """
      <query>
      """
    Then the response is 400 naming "<named>"
    And the events records "alpha" still exist

    @check.needs-an-extension @check.where-applied-on-read @check.where-applied-on-read-by-id
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | an unknown operator         | {"where": {"regexp": {"target": "id", "expr": "x"}}}                   | regexp  |
      | read      | a clause without target     | {"where": {"reg_exp": {"expr": "x"}}}                                  | target  |
      | read      | a bad regular expression    | {"where": {"reg_exp": {"target": "id", "expr": "(unclosed"}}}          | reg_exp |
      | read      | a where naming no operator  | {"where": {}}                                                          | where   |
      | read      | an empty target             | {"where": {"wildcard": {"target": "", "expr": "x"}}}                   | target  |
      | read      | a range expr of another type | {"where": {"gt": {"target": "id", "expr": true}}}                     | expr    |
      | read      | a pattern expr that is a number | {"where": {"reg_exp": {"target": "id", "expr": 1}}}                | expr    |
      | read      | an empty and                | {"where": {"and": []}}                                                 | and     |
      | read      | an or that is a string      | {"where": {"or": "x"}}                                                 | or      |
      | read      | a bad clause inside an and  | {"where": {"and": [{"equals": {"target": "id"}}]}}                     | expr    |
      | read      | an unknown operator holding a clause | {"where": {"nor": {"equals": {"target": "id", "expr": "x"}}}}  | nor     |

    @check.needs-an-extension @check.where-applied-on-delete-by-id
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | delete    | an unknown operator         | {"where": {"like": {"target": "id", "expr": "x"}}}                     | like    |
      | delete    | a clause without expr       | {"where": {"wildcard": {"target": "id"}}}                              | expr    |
      | delete    | a bad regular expression    | {"where": {"reg_exp": {"target": "id", "expr": "[z-a]"}}}              | reg_exp |
      | delete    | a comparison's extra key    | {"where": {"equals": {"target": "id", "expr": "x", "case": 1}}}        | case    |
      | delete    | a bad clause inside a not   | {"where": {"not": {"like": {"target": "id", "expr": "x"}}}}            | like    |
      | delete    | an or that is null          | {"where": {"or": null}}                                                | or      |

    @check.order-applied
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | an order of the wrong shape | {"order": {"target": "id", "mode": "asc"}}                             | order   |
      | read      | an order entry not an object | {"order": ["id"]}                                                     | order   |
      | read      | an order entry that is null | {"order": [null]}                                                      | order   |

    @check.needs-an-extension @check.order-applied
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | an order mode not asc/desc  | {"order": [{"target": "id", "mode": "up"}]}                            | mode    |
      | read      | an order entry's extra key  | {"order": [{"target": "id", "mode": "asc", "by": 1}]}                  | by      |
      | read      | an order entry's missing target | {"order": [{"mode": "asc"}]}                                       | target  |
      | read      | an order entry's empty target | {"order": [{"target": "", "mode": "asc"}]}                           | target  |
      | read      | an order entry's missing mode | {"order": [{"target": "id"}]}                                        | mode    |
      | read      | an order target that is a number | {"order": [{"target": 5, "mode": "asc"}]}                         | target  |

    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | a limit of the wrong shape  | {"limit": {"from": -1, "to": "last"}}                                  | limit   |
      | delete    | a select holding a number   | {"select": [1]}                                                        | select  |
      | read      | a limit that is a number    | {"limit": 5}                                                           | limit   |
      | delete    | an unknown query field      | {"sort": [{"target": "id", "mode": "asc"}]}                            | sort    |

    @check.select-applied @check.select-applied-by-id
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | a select that is not a list | {"select": "id"}                                                       | select  |

    @check.needs-an-extension @check.select-applied @check.select-applied-by-id
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | a select of an empty name   | {"select": [""]}                                                       | select  |

    @check.needs-an-extension
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | a limit with an unknown bound | {"limit": {"from": 0, "until": 1}}                                   | until   |
      | read      | a limit ending before it starts | {"limit": {"from": 3, "to": 1}}                                    | limit.to |
      | read      | a limit bound that is not an integer | {"limit": {"to": 1.5}}                                        | limit.to |
      | delete    | a negative limit bound      | {"limit": {"from": -1}}                                                | limit.from |

    @check.where-applied-on-read @check.where-applied-on-read-by-id
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | a where that is not an object | {"where": "id"}                                                      | where   |
      | read      | a comparison not an object  | {"where": {"equals": "x"}}                                             | equals  |
      | read      | a target that is a number   | {"where": {"equals": {"target": 1, "expr": "x"}}}                      | target  |
      | read      | a where that is null        | {"where": null}                                                        | where   |
      | read      | a comparison that is null   | {"where": {"equals": null}}                                            | equals  |
      | read      | an equals expr that is a number | {"where": {"equals": {"target": "id", "expr": 5}}}                 | expr    |

    @check.needs-an-extension @check.or-clauses @check.where-applied-on-read @check.where-applied-on-read-by-id
    Examples:
      | operation | problem                     | query                                                                  | named   |
      | read      | a bad second clause inside an or | {"where": {"or": [{"equals": {"target": "id", "expr": "x"}}, {"gt": {"target": "id"}}]}} | or.1 |

  @check.extra-fields-kept
  @rule.ext-query-errors
  Scenario Outline: A <operation> whose query is a list, not an object, is refused
    Given these events exist:
      | suffix |
      | alpha  |
    When I <operation> the events record "alpha" with the query:
      """
      []
      """
    Then the response is 400
    And the events records "alpha" still exist

    Examples:
      | operation |
      | read      |
      | delete    |

  @events @base-path
  @check.envelope-status @check.needs-an-extension @check.where-applied-on-read
  @rule.ext-query-reg-exp-bounded
  Scenario: A regular expression far over any length limit is refused
    When I read the events with a regular expression of 100000 characters
    Then the response is 400 naming "reg_exp"
