export { ExplorerPage } from './ui/explorer-page';
