/**
 * `npm run backup -- <file> [--passphrase-file <path>]`: one .tar.gz of the database and the media
 * (decision 31; deploy/README.md, "Backups and restore"). On PGlite the server must be stopped: a
 * running app takes its own backups (BACKUP_DIR).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '#db/client.ts';
import { FolderInUseError } from '#db/pglite-folder.ts';
import { writeBackup } from '#platform/backup/archive.server.ts';
import { config } from '#platform/config/config.server.ts';
import { appIdentity, backupMedia, backupPassphrase } from '#platform/process/backups.server.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'passphrase-file': { type: 'string' } } });
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run backup -- <file.tar.gz> [--passphrase-file <path>]');
  process.exit(2);
}
const c = config();
const folder = `${c.dataDir}/pglite`;
if (!c.databaseUrl && !existsSync(folder)) {
  console.error(`No database at ${folder} (DATA_DIR=${c.dataDir}).`);
  process.exit(1);
}
const passphrase = backupPassphrase(values['passphrase-file']);
let handle;
try {
  handle = await openDatabase({ databaseUrl: c.databaseUrl, dataDir: c.databaseUrl ? undefined : folder });
} catch (error) {
  if (!(error instanceof FolderInUseError)) throw error;
  console.error(
    `${error.message}\nA running server holds the embedded database: stop it and run this again, or let the running app take ` +
      'the backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP: deploy/README.md, "Backups and restore").',
  );
  process.exit(1);
}
try {
  const started = Date.now();
  const manifest = await writeBackup(file, {
    db: handle.db,
    driver: handle.driver,
    media: backupMedia(c.dataDir),
    passphrase,
    app: appIdentity(),
  });
  const tables = Object.entries(manifest.tables);
  const rows = tables.reduce((n, [, t]) => n + t.rows, 0);
  const sealed = tables.reduce((n, [, t]) => n + t.secretRows, 0);
  console.log(`Backed up ${manifest.driver} (${manifest.migrations.length} migrations): ${tables.length} tables, ${rows} rows.`);
  console.log(`Media (${manifest.media.storage}): ${manifest.media.files} files, ${manifest.media.bytes} bytes.`);
  console.log(
    manifest.secrets === 'sealed'
      ? `Secrets: ${sealed} rows sealed with the passphrase.`
      : 'Secrets: left out (no BACKUP_PASSPHRASE): a restore signs everyone out and the app makes new keys.',
  );
  console.log(`Wrote ${file} in ${Date.now() - started} ms.`);
} finally {
  await handle.close();
}
