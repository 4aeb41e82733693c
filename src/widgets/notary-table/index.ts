export { NotaryTable } from './ui/notary-table';
