import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { $notices, $noticesFailed, $noticesPending, HomeGate, noticesRetried } from '../model/home';
import './home-page.css';

const SERVICES = [
  { key: 'preservation', to: paths.attestationData },
  { key: 'collection', to: paths.evidenceCollection },
  { key: 'notary', to: paths.notary },
  { key: 'verification', to: paths.queryAuthentication },
] as const;
const STEPS = ['collect', 'log', 'certificate', 'use'] as const;
const TRUST = ['fingerprint', 'log', 'independent'] as const;

function Notices() {
  const { t } = useTranslation('home');
  const [notices, pending, failed, onRetry] = useUnit([$notices, $noticesPending, $noticesFailed, noticesRetried]);
  let body;
  if (notices.length > 0) {
    body = (
      <ul className="home__notice-list">
        {notices.map((notice) => (
          <li key={notice.id}>
            <div className="home__notice-head">
              <h3>{notice.title}</h3>
              <time dateTime={notice.addTime.slice(0, 10)}>{notice.addTime.slice(0, 10)}</time>
            </div>
            <p>{notice.content}</p>
          </li>
        ))}
      </ul>
    );
  } else if (pending) {
    body = (
      <p className="home__notice-state" aria-busy="true">
        {t('notices.loading')}
      </p>
    );
  } else if (failed) {
    body = (
      <p className="home__notice-state">
        {t('notices.failed')}
        <button type="button" className="home__link-button" onClick={() => onRetry()}>
          {t('notices.retry')}
        </button>
      </p>
    );
  } else {
    body = <p className="home__notice-state">{t('notices.empty')}</p>;
  }
  return (
    <section className="home__notices page" aria-labelledby="home-notices">
      <h2 id="home-notices">{t('notices.title')}</h2>
      {body}
    </section>
  );
}

export function HomePage() {
  useGate(HomeGate);
  const { t } = useTranslation('home');

  return (
    <div className="home">
      <meta name="description" content={t('description')} />
      <section className="home__hero">
        <div className="home__hero-inner">
          <h1>{t('hero.title')}</h1>
          <p>{t('hero.subtitle')}</p>
          <nav className="home__cta" aria-label={t('hero.actionsLabel')}>
            <Link className="home__cta-primary" to={paths.attestationData}>
              {t('hero.preserve')}
            </Link>
            <Link className="home__cta-secondary" to={paths.evidenceCollection}>
              {t('hero.collect')}
            </Link>
            <Link className="home__cta-secondary" to={paths.queryAuthentication}>
              {t('hero.verify')}
            </Link>
          </nav>
          <p className="home__facts">{t('hero.facts')}</p>
        </div>
      </section>

      <Notices />

      <section className="home__services page" aria-labelledby="home-services">
        <h2 id="home-services">{t('services.title')}</h2>
        <div className="home__grid">
          {SERVICES.map(({ key, to }) => (
            <article key={key} className="home__card">
              <h3>{t(`services.${key}.title`)}</h3>
              <p>{t(`services.${key}.text`)}</p>
              <Link to={to} className="home__card-link">
                {t(`services.${key}.link`)}
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className="home__steps page" aria-labelledby="home-steps">
        <h2 id="home-steps">{t('steps.title')}</h2>
        <ol>
          {STEPS.map((key) => (
            <li key={key}>
              <h3>{t(`steps.${key}.title`)}</h3>
              <p>{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home__trust" aria-labelledby="home-trust">
        <div className="page">
          <h2 id="home-trust">{t('trust.title')}</h2>
          <div className="home__trust-grid">
            {TRUST.map((key) => (
              <div key={key}>
                <h3>{t(`trust.${key}.title`)}</h3>
                <p>{t(`trust.${key}.text`)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <div className="home__bands page">
        <section className="home__band" aria-labelledby="home-app">
          <h2 id="home-app">{t('app.title')}</h2>
          <p>{t('app.text')}</p>
          <Link to={paths.appDownload}>{t('app.link')}</Link>
        </section>
        <section className="home__band" aria-labelledby="home-help">
          <h2 id="home-help">{t('help.title')}</h2>
          <p>{t('help.text')}</p>
          <Link to={paths.helpCenter}>{t('help.link')}</Link>
        </section>
      </div>
    </div>
  );
}
