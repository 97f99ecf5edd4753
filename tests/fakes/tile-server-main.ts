/**
 * The fake tile server as its own process, for Playwright's webServer:
 * `FAKE_TILES_PORT=4362 node --experimental-strip-types tests/fakes/tile-server-main.ts`.
 * The app under test gets `MAP_TILE_URL=http://127.0.0.1:4362/{z}/{x}/{y}.png`; Playwright waits
 * for `/__fake/health`; tests count tiles at `/__fake/requests`.
 */
import { startFakeTiles } from './tile-server.ts';

const port = Number(process.env.FAKE_TILES_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error('[fake-tiles] set FAKE_TILES_PORT to the port to listen on');
  process.exit(1);
}
const fake = await startFakeTiles({ port });
console.log(`[fake-tiles] map tiles at ${fake.template}`);

const stop = () => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
