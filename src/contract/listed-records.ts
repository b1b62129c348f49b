/**
 * What a read answered (§4.1 read, §7): a 200 carries the list, 204 and 404 say nothing matched
 * (an empty index may also answer 200 []). `undefined` for any other answer, or a 200 whose body is
 * not a list: the read told nothing about the records. The conformance steps, the fuzzer and the
 * leftovers check all read answers with it.
 */
export function listedRecords(status: number, body: unknown): unknown[] | undefined {
  if (status === 200) return Array.isArray(body) ? body : undefined;
  return status === 204 || status === 404 ? [] : undefined;
}
