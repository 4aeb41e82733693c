export { NotaryWizardPage, ReadingMaterialRedirect } from './ui/notary-wizard-page';
