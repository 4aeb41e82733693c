import type { Namespace, ParseKeys } from 'i18next';

/**
 * The keys of namespace `Ns` under `Prefix.`, without the prefix (`SubKeys<'kyc', 'fields'>` is `'userName' | …`).
 * A component that builds a key from a value (a template key under `fields.`) types the value with it, so tsc checks the
 * key; a value that comes from the server is narrowed to it where it enters.
 */
export type SubKeys<Ns extends Namespace, Prefix extends string> =
  ParseKeys<Ns> extends infer Key ? (Key extends `${Prefix}.${infer Rest}` ? Rest : never) : never;
