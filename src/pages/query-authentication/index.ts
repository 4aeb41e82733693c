export { QueryAuthenticationPage } from './ui/query-page';
