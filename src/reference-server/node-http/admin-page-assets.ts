import { ADMIN_PREFIX } from '../mock-controls/index.js';
import { ADMIN_PAGE_CSS, ADMIN_PAGE_HTML } from './admin-page-html.js';
import { readAdminPageScript } from './admin-page-script.js';
import type { DocsAssets, StaticAsset } from './docs-assets.js';

const asset = (contentType: string, text: string): StaticAsset => ({ contentType, body: Buffer.from(text, 'utf8') });

/** The page's files, read once: by the first server started with `admin`. */
let pageFiles: ReadonlyMap<string, StaticAsset> | undefined;
const readPageFiles = (): ReadonlyMap<string, StaticAsset> =>
  new Map([
    [`${ADMIN_PREFIX}`, asset('text/html; charset=utf-8', ADMIN_PAGE_HTML)],
    [`${ADMIN_PREFIX}/`, asset('text/html; charset=utf-8', ADMIN_PAGE_HTML)],
    [`${ADMIN_PREFIX}/admin.js`, asset('text/javascript; charset=utf-8', readAdminPageScript())],
    [`${ADMIN_PREFIX}/admin.css`, asset('text/css; charset=utf-8', ADMIN_PAGE_CSS)],
  ]);

/**
 * The docs assets plus the admin page (`GET /__admin/`, its script and styles), for a server
 * started with `admin`. Without it the page does not exist: /__admin/ is a 404 like any path.
 */
export function withAdminPage(assets: DocsAssets): DocsAssets {
  pageFiles ??= readPageFiles();
  const files = pageFiles;
  return (path, origin) => files.get(path) ?? assets(path, origin);
}
