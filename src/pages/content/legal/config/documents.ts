import { paths } from '@/shared/routing';

/**
 * The legal texts. Each is one Markdown file, `locales/<language>/content/legal/<file>.md`; its title and
 * effective date are short copy in `legal.json` (`documents.<key>`). `path` is where links to it lead; the
 * in-app aliases `/user/clause` and `/privacy-main` show the same documents as `/clause` and `/privacy`.
 */
export const LEGAL_DOCUMENTS = {
  clause: { file: 'clause', path: paths.clause },
  userAgreement: { file: 'user-agreement', path: paths.userAgreement },
  privacy: { file: 'privacy', path: paths.privacy },
  privacyList: { file: 'privacy-list', path: paths.privacyList },
  privacySharing: { file: 'privacy-slist', path: paths.privacySharingList },
  privacyPermissions: { file: 'privacy-ilist', path: paths.privacyPermissionList },
} as const;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;
export const LEGAL_DOCUMENT_KEYS = Object.keys(LEGAL_DOCUMENTS) as LegalDocument[];
