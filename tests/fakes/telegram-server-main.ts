/**
 * The fake Bot API as its own process, for Playwright's webServer:
 * `FAKE_TELEGRAM_PORT=4360 node --experimental-strip-types tests/fakes/telegram-server-main.ts`
 * (optional FAKE_TELEGRAM_TOKEN, FAKE_TELEGRAM_BOT_USERNAME). Playwright waits for
 * `/__fake/health`; tests inspect it over HTTP (`/__fake/sent?chat_id=…`, `/__fake/calls`, …).
 */
import { startFakeTelegram } from './telegram-server.ts';

const port = Number(process.env.FAKE_TELEGRAM_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error('[fake-telegram] set FAKE_TELEGRAM_PORT to the port to listen on');
  process.exit(1);
}
// Empty variables count as unset, so a blank value in a CI config falls back to the defaults.
const fake = await startFakeTelegram({
  port,
  token: process.env.FAKE_TELEGRAM_TOKEN || undefined,
  botUsername: process.env.FAKE_TELEGRAM_BOT_USERNAME || undefined,
});
console.log(`[fake-telegram] Bot API fake for @${fake.botUsername} listening at ${fake.url}`);

const stop = () => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
