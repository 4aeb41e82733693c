export { AttestationDataPage } from './ui/data-page';
