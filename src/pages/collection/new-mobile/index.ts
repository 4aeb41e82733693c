export { NewMobilePage } from './ui/new-mobile-page';
