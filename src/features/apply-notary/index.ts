export { $notaryAccess, applyRequested } from './model/access';
export { $creating, createOrderRequested } from './model/create-order';
export {
  $activeStep,
  $addresses,
  $busy,
  $decodeAgreed,
  $decodeCount,
  $decodePage,
  $decodeRows,
  $flags,
  $insufficient,
  $loadFailed,
  $payment,
  $state,
  $stepsOpen,
  applicationForm,
  decodeAgreedToggled,
  decodeClicked,
  decodePageChanged,
  formSubmitted,
  materialsReadToggled,
  nextClicked,
  payClicked,
  retryClicked,
  signClicked,
  stepChosen,
  WizardGate,
  wizardResumed,
} from './model/wizard';
export type { WizardOpen } from './model/wizard';
export {
  $payMethod,
  $transferError,
  $transferProgress,
  $transferSending,
  payMethodChosen,
  submitTransferFx,
  transferFileChosen,
} from './model/transfer';
export type { PayMethodChoice } from './model/transfer';
export { transferFileProblem } from './lib/transfer-file';
export { $sealFile, $sealFileError, $sealUploading, sealFileChosen, sealForm } from './model/seal';
