export { NotarySelectPage } from './ui/notary-select-page';
