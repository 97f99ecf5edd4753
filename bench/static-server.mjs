/**
 * The baseline: one file served by node:http + fs through the same `compression` middleware (and
 * threshold) as scripts/start.mjs. Runs in its own process, like the app, so that it does not share
 * an event loop with autocannon. Usage: node bench/static-server.mjs <port> <file>
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import compression from 'compression';

const [port, file] = process.argv.slice(2);
const compress = compression({ threshold: 1024 });
const server = http.createServer((req, res) => {
  compress(req, res, async () => {
    try {
      const info = await stat(file);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': info.size, 'Cache-Control': 'no-cache' });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log(`[static] serving ${file} at http://127.0.0.1:${port}/`));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
