export { NotaryListPage } from './ui/notary-list-page';
