/**
 * The build's static files (dist/client: Astro's hashed `/_astro/` assets, the favicon, the card
 * placeholder, nginx's unavailable page), served by the start script before the app. Astro's
 * standalone handler looked every request up on disk first (a synchronous lstat, then `send`'s
 * stat failing before the page was rendered): 4 % of a page miss's CPU (issue 31). The files of a
 * build do not change while it runs, so they are listed once at start and any other path goes
 * straight to the app.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import send from 'send';

/** Every file under `client`, as the URL path that names it (`/_astro/x.css`). */
export function listStaticFiles(client) {
  const files = new Set();
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(client, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join('/')}`);
  }
  return files;
}

/**
 * Serves `req` from `client` when its path names one of `files` (GET and HEAD), as Astro's
 * standalone server did: `send` with its validators and ranges, the hashed assets cached for a
 * year. Answers whether it took the request.
 */
export function serveStaticFile(req, res, client, files) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const end = url.search(/[?#]/);
  let pathname = end < 0 ? url : url.slice(0, end);
  try {
    pathname = decodeURI(pathname);
  } catch {
    return false;
  }
  if (!files.has(pathname)) return false;
  // Astro's hashed assets never change under their name: a year, immutable (GET and HEAD alike).
  const hashed = pathname.startsWith('/_astro/');
  const stream = send(req, pathname, { root: client, dotfiles: 'deny', ...(hashed ? { maxAge: '1y', immutable: true } : {}) });
  stream.on('error', (error) => {
    const status = typeof error?.statusCode === 'number' ? error.statusCode : 500;
    res.writeHead(status);
    res.end(status >= 500 ? 'Internal server error' : '');
  });
  stream.pipe(res);
  return true;
}
