// What other modules use of this one: they import it from here, never from the module's files.
export { type FieldCipher } from './crypto';
export { type KycDecisionBefore, type KycService } from './service';
