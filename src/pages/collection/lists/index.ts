export {
  MobileDownloadPage,
  MobileListPage,
  ProcessDownloadPage,
  ProcessListPage,
  WebDownloadPage,
  WebListPage,
} from './ui/collection-pages';
