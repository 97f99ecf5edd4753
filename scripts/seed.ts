/** `npm run db:seed`: seeds the demo catalogue into the configured database (idempotent). */
import { openDatabase } from '#db/client.ts';
import { config } from '#platform/config/config.server.ts';
import { seedDemoCatalogue } from '#seed/seed.server.ts';

const c = config();
const handle = await openDatabase({
  databaseUrl: c.databaseUrl,
  dataDir: c.databaseUrl ? undefined : `${c.dataDir}/pglite`,
  migrationsFolder: c.migrationsFolder,
});
try {
  const result = await seedDemoCatalogue(handle.db, { dataDir: c.dataDir, log: console.log });
  console.log(result.seeded ? `Seeded ${result.listings} listings (${result.verified} verified).` : 'Already seeded; nothing to do.');
} finally {
  await handle.close();
}
