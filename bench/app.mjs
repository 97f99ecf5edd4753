/**
 * The production server as `npm start` runs it (scripts/start.mjs), under the benchmark's own
 * command line: on a shared machine, a `pkill -f scripts/start.mjs` meant for someone else's test
 * server would otherwise stop a measurement half-way (it happened).
 */
import '../scripts/start.mjs';
