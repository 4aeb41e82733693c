export { looksLikeZip, readZip, ZipReadError } from './read';
export type { ZipEntry } from './read';
