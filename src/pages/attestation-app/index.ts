export { AttestationAppPage } from './ui/app-page';
