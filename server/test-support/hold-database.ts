import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';

// node --import tsx server/test-support/hold-database.ts DATA_DIR: opens the embedded database in DATA_DIR and
// migrates it as a server does and holds it until stopped (SIGTERM closes it; SIGKILL leaves its lock behind, as a crashed server does).
const database = await openPglite(process.argv[2]);
await migrate(database.db);
process.on('SIGTERM', () => void database.close().then(() => process.exit(0)));
console.log('ready');
setInterval(() => undefined, 60_000);
