// What other modules use of this one: they import it from here, never from the module's files.
export { type PasswordHasher } from './password';
export { findUserByPhone } from './repository';
export { newSessionToken, sha256 } from './secrets';
export { tokenFrom } from './sessions';
