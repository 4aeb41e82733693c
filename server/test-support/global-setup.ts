import { existsSync } from 'node:fs';
import { testTemplateFile, writeTemplate } from '../db/template';
import { migrateTemplate } from '../db/template-cli';

/**
 * Once per test run (vitest globalSetup of the api project): the migrated empty database every test file's
 * in-memory PGlite starts from (create-test-app.ts), made when the migrations changed. Creating a cluster per
 * file took most of a file's set-up time.
 */
export default async function setup(): Promise<void> {
  const file = testTemplateFile();
  if (!existsSync(file)) await writeTemplate(file, migrateTemplate);
}
