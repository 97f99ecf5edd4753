/**
 * `npm run restore -- <file> [--force] [--passphrase-file <path>] [--skip-secrets]`: a backup of
 * `npm run backup` into an empty DATA_DIR (PGlite) or empty database (DATABASE_URL), with its media
 * (decision 31; deploy/README.md, "Backups and restore"). Stop the app first.
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '#db/client.ts';
import { FolderInUseError } from '#db/pglite-folder.ts';
import { restoreBackup } from '#platform/backup/archive.server.ts';
import { config } from '#platform/config/config.server.ts';
import { backupMedia, backupPassphrase, buildMigrations } from '#platform/process/backups.server.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' }, 'skip-secrets': { type: 'boolean' }, 'passphrase-file': { type: 'string' } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- <file.tar.gz> [--force] [--passphrase-file <path>] [--skip-secrets]');
  process.exit(2);
}
const c = config();
const passphrase = backupPassphrase(values['passphrase-file']);
let handle;
try {
  handle = await openDatabase({
    databaseUrl: c.databaseUrl,
    dataDir: c.databaseUrl ? undefined : `${c.dataDir}/pglite`,
    maxConnections: 2,
  });
} catch (error) {
  if (!(error instanceof FolderInUseError)) throw error;
  console.error(`${error.message}\nStop the server before restoring.`);
  process.exit(1);
}
const target = handle;
try {
  const summary = await restoreBackup(file, {
    db: target.db,
    migrate: (folder) => migrateDatabase(target, folder),
    migrationsFolder: c.migrationsFolder,
    buildMigrations: buildMigrations(c.migrationsFolder),
    media: backupMedia(c.dataDir),
    passphrase,
    skipSecrets: values['skip-secrets'],
    force: values.force,
  });
  const m = summary.manifest;
  const rows = Object.values(summary.counts).reduce((n, x) => n + x, 0);
  console.log(`Backup of ${m.createdAt} (${m.driver}, version ${m.app.version}${m.app.commit ? ` at ${m.app.commit.slice(0, 7)}` : ''}).`);
  console.log(`Restored into ${target.driver}: ${Object.keys(m.tables).length} tables, ${rows} rows, every count as in the manifest.`);
  console.log(`Media: ${summary.mediaFiles} files, ${summary.mediaBytes} bytes.`);
  const secrets = {
    restored: 'restored',
    skipped: 'skipped (--skip-secrets): everyone signs in again, the app makes new keys',
    'left-out': 'not in this backup: everyone signs in again, the app makes new keys',
  }[summary.secrets];
  console.log(`Secrets: ${secrets}.`);
  console.log(`Migrations: ${m.migrations.length} from the backup, ${summary.laterMigrations} of this build applied after.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await target.close();
}
