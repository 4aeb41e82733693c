export { Header } from './ui/header';
