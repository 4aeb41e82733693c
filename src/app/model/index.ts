import './app-model';
export { documentTitleText, pageTitleChanged, setDocumentTitleFx } from './document-title';
