import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const latestNotices = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('notices')
    .select(['id', 'title', 'content', 'created_at'])
    .where('published', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const latestAppVersion = (db: Kysely<DB>) =>
  db
    .selectFrom('app_versions')
    .select(['version', 'released_at', 'notes', 'android_url', 'ios_url'])
    .orderBy('released_at', 'desc')
    .limit(1)
    .executeTakeFirst();
