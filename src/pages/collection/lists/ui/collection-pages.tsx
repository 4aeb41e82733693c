import { useTranslation } from '@/shared/i18n';
import { Link, NavLink } from 'react-router-dom';
import type { CaptureType } from '@contracts';
import { paths } from '@/shared/routing';
import { listPathOf } from '@/entities/capture';
import type { CaptureListModel } from '../model/list-model';
import {
  mobileDownloadModel,
  mobileListModel,
  processDownloadModel,
  processListModel,
  webDownloadModel,
  webListModel,
} from '../model/lists';
import { CaptureList } from './capture-list';
import './capture-list.css';

const NEW_PATH: Record<CaptureType, string> = { 3: paths.newWeb, 2: paths.newProcess, 4: paths.newMobile };
const TYPES: readonly CaptureType[] = [3, 2, 4];

/** The collection area's sections (web, process, mobile), the new-capture button and the batch download link. */
function CollectionNav({ type, download }: { type: CaptureType; download: boolean }) {
  const { t } = useTranslation('capture');
  const list = listPathOf(type);
  return (
    <div className="collection-bar">
      <nav className="collection-nav" aria-label={t('nav.label')}>
        {TYPES.map((section) => (
          <NavLink
            key={section}
            to={listPathOf(section)}
            className={() => `collection-nav__link${section === type ? ' collection-nav__link--active' : ''}`}
            aria-current={section === type ? 'page' : undefined}
          >
            {t(`nav.type.${section}`)}
          </NavLink>
        ))}
      </nav>
      <div className="collection-bar__actions">
        <Link className="collection-button" to={download ? list : `${list}/download`}>
          {t(download ? 'nav.backToList' : 'nav.download')}
        </Link>
        <Link className="collection-button collection-button--primary" to={NEW_PATH[type]}>
          {t(`nav.new.${type}`)}
        </Link>
      </div>
    </div>
  );
}

function CollectionPage({ model }: { model: CaptureListModel }) {
  const { t } = useTranslation('capture');
  const key = `${model.download ? 'download' : 'list'}${model.type}` as const;
  return (
    <div className="page collection-page">
      <h1 className="collection-page__title">{t(`pages.${key}.title`)}</h1>
      <p className="collection-page__intro">{t(`pages.${key}.intro`)}</p>
      <CollectionNav type={model.type} download={model.download} />
      <CaptureList model={model} />
    </div>
  );
}

/** /evidences-all/web: web captures with their progress (queued, capturing, done, failed with the reason). */
export const WebListPage = () => <CollectionPage model={webListModel} />;
/** /evidences-all/process: recorded sessions with their duration. */
export const ProcessListPage = () => <CollectionPage model={processListModel} />;
/** /evidences-all/mobile-process: evidence uploaded by the mobile app. */
export const MobileListPage = () => <CollectionPage model={mobileListModel} />;
/** The `/download` variants: preserved records, a multi-select table and one package download. */
export const WebDownloadPage = () => <CollectionPage model={webDownloadModel} />;
export const ProcessDownloadPage = () => <CollectionPage model={processDownloadModel} />;
export const MobileDownloadPage = () => <CollectionPage model={mobileDownloadModel} />;
