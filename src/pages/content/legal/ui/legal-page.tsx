import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE, useTranslation } from '@/shared/i18n';
import { Link, useLoaderData } from 'react-router-dom';
import { Markdown } from '@/shared/lib/markdown';
import { languageChosen } from '@/features/switch-language';
import { LEGAL_DOCUMENT_KEYS, LEGAL_DOCUMENTS, type LegalDocument } from '../config/documents';
import { dateParts } from '../lib/effective-date';
import { printClicked, SECTION_ID_PREFIX, type LegalText } from '../model/legal';
import './legal-page.css';

const pathLink = (href: string, children: ReactNode) => <Link to={href}>{children}</Link>;

function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation(['legal', 'common']);
  const readOriginal = useUnit(languageChosen);
  // The route's loader (loadLegalText) has read the text before this renders, in the prerender and in the browser.
  const { blocks, outline } = useLoaderData<LegalText>();
  const onPrint = useUnit(printClicked);
  const title = t(`documents.${document}.title`);
  const effectiveDate = t(`documents.${document}.effectiveDate`);
  const date = dateParts(effectiveDate);

  return (
    <div className="page legal">
      <title>{t('documentTitle', { title })}</title>
      <link rel="canonical" href={LEGAL_DOCUMENTS[document].path} />
      <nav className="legal__nav no-print" aria-label={t('navLabel')}>
        <ul>
          {LEGAL_DOCUMENT_KEYS.map((key) => (
            <li key={key}>
              <Link to={LEGAL_DOCUMENTS[key].path} aria-current={key === document ? 'page' : undefined}>
                {t(`documents.${key}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <article className="legal__doc" aria-labelledby="legal-title">
        <header className="legal__head">
          <div>
            <p className="legal__print-brand">{t('common:brand')}</p>
            <h1 id="legal-title">{title}</h1>
            <p className="legal__meta">
              {date ? (
                <>
                  {t('effectiveLabel')}
                  <time dateTime={effectiveDate}>{t('effectiveDate', date)}</time>
                </>
              ) : null}
            </p>
          </div>
          <button type="button" className="legal__print no-print" onClick={() => onPrint()}>
            {t('print')}
          </button>
        </header>
        {i18n.language !== DEFAULT_LANGUAGE ? (
          // A translation is for reference: the text in the default language prevails, one click away.
          <p className="legal__original no-print">
            <button type="button" className="legal__original-link" onClick={() => readOriginal(DEFAULT_LANGUAGE)}>
              {t('original.read')}
            </button>
          </p>
        ) : null}

        {outline.length >= 4 ? (
          <nav className="legal__toc no-print" aria-label={t('tocLabel')}>
            <p className="legal__toc-title" aria-hidden="true">
              {t('tocLabel')}
            </p>
            <ol>
              {outline.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`}>{entry.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <Markdown
          blocks={blocks}
          minHeadingLevel={2}
          headingIdPrefix={SECTION_ID_PREFIX}
          renderPathLink={pathLink}
          className="legal__body"
        />
      </article>
    </div>
  );
}

/** `/clause` and its in-app alias `/user/clause`. */
export const ClausePage = () => <LegalDocumentPage document="clause" />;
export const UserAgreementPage = () => <LegalDocumentPage document="userAgreement" />;
/** `/privacy` and its in-app alias `/privacy-main`. */
export const PrivacyPage = () => <LegalDocumentPage document="privacy" />;
export const PrivacyListPage = () => <LegalDocumentPage document="privacyList" />;
export const PrivacySharingListPage = () => <LegalDocumentPage document="privacySharing" />;
export const PrivacyPermissionListPage = () => <LegalDocumentPage document="privacyPermissions" />;
