/** A file the server hands out without authentication. */
export interface StaticAsset {
  contentType: string;
  body: Buffer;
}
