export { NewAccessCardPage } from './ui/new-access-card-page';
