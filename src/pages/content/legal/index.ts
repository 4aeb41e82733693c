export {
  ClausePage,
  PrivacyListPage,
  PrivacyPage,
  PrivacyPermissionListPage,
  PrivacySharingListPage,
  UserAgreementPage,
} from './ui/legal-page';
export { loadLegalText } from './model/legal';
