export { HelpCenterPage } from './ui/help-center-page';
