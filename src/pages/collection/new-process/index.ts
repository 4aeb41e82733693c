export { NewProcessPage } from './ui/new-process-page';
