import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { $notices, HomeGate } from '../model/home';
import './home-page.css';

const SERVICES = ['preservation', 'collection', 'notary', 'verification'] as const;

export function HomePage() {
  useGate(HomeGate);
  const { t } = useTranslation('home');
  const notices = useUnit($notices);

  return (
    <div className="home">
      <section className="home__hero">
        <div className="home__hero-inner">
          <h1>{t('hero.title')}</h1>
          <p>{t('hero.subtitle')}</p>
          <div className="home__cta">
            <Link className="home__cta-primary" to="/attestation-all">
              {t('hero.preserve')}
            </Link>
            <Link className="home__cta-secondary" to="/queryAuthentication">
              {t('hero.verify')}
            </Link>
          </div>
        </div>
      </section>
      {notices.length > 0 ? (
        <section className="home__notices page" aria-labelledby="home-notices">
          <h2 id="home-notices">{t('notices.title')}</h2>
          <ul>
            {notices.map((notice) => (
              <li key={notice.id}>
                <strong>{notice.title}</strong>
                <span>{notice.content}</span>
                <time>{notice.addTime}</time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="home__services page" aria-labelledby="home-services">
        <h2 id="home-services">{t('services.title')}</h2>
        <div className="home__grid">
          {SERVICES.map((key) => (
            <article key={key} className="home__card">
              <h3>{t(`services.${key}.title`)}</h3>
              <p>{t(`services.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
