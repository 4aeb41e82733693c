export { NewWebPage } from './ui/new-web-page';
