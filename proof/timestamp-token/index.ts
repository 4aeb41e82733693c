export { OID, readTimestampToken, TimestampTokenError, verifyTimestampToken } from './verify';
export type { TimestampFacts, TimestampStep } from './verify';
