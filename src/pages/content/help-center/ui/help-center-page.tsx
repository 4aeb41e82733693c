import { useGate, useUnit } from 'effector-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { Markdown } from '@/shared/lib/markdown';
import { paths } from '@/shared/routing';
import { formWentLive } from '@/shared/lib/form';
import { useAdoptDomValue } from '@/shared/ui/form-field';
import { $query, $resultCount, $results, $searching, HelpCenterGate, queryChanged, queryCleared } from '../model/help-center';
import './help-center-page.css';

const pathLink = (href: string, children: ReactNode) => <Link to={href}>{children}</Link>;

export function HelpCenterPage() {
  useGate(HelpCenterGate);
  const { t } = useTranslation('help');
  const [results, query, searching, count, onQuery, onClear] = useUnit([
    $results,
    $query,
    $searching,
    $resultCount,
    queryChanged,
    queryCleared,
  ]);
  const submit = (event: FormEvent) => event.preventDefault();
  // The page is prerendered: a search typed before it is live is searched once it is.
  const searchInput = useAdoptDomValue<HTMLInputElement, string>(query, onQuery);

  return (
    <div className="help">
      <title>{t('documentTitle')}</title>
      <meta name="description" content={t('description')} />
      <section className="help__hero">
        <div className="help__hero-inner">
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
          <form ref={formWentLive} role="search" className="help__search" onSubmit={submit}>
            <label htmlFor="help-search" className="visually-hidden">
              {t('search.label')}
            </label>
            <input
              ref={searchInput}
              id="help-search"
              type="search"
              className="help__search-input"
              value={query}
              maxLength={60}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t('search.placeholder')}
              onChange={(event) => onQuery(event.target.value)}
            />
            {query !== '' ? (
              <button type="button" className="help__search-clear" onClick={() => onClear()}>
                {t('search.clear')}
              </button>
            ) : null}
          </form>
        </div>
      </section>

      <div className="page help__body">
        {/* While searching: the topics with matches, and how many. */}
        {results.length > 0 ? (
          <nav className="help__topics" aria-label={t('topicsLabel')}>
            <ul>
              {results.map((topic) => (
                <li key={topic.id}>
                  <a href={`#${topic.id}`}>
                    {topic.title}
                    <span className="help__topic-count">{t('topicCount', { count: topic.questions.length })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className="help__content">
          {/* Announces each result; with none, the empty box below says it on screen. */}
          <p className={searching && count === 0 ? 'help__status visually-hidden' : 'help__status'} role="status">
            {!searching
              ? ''
              : count > 0
                ? t('search.found', { count, query: query.trim() })
                : t('search.emptyTitle', { query: query.trim() })}
          </p>
          {searching && results.length === 0 ? (
            <div className="help__empty">
              <h2>{t('search.emptyTitle', { query: query.trim() })}</h2>
              <p>{t('search.emptyHint')}</p>
              <button type="button" className="help__button" onClick={() => onClear()}>
                {t('search.showAll')}
              </button>
            </div>
          ) : (
            results.map((topic) => (
              <section key={topic.id} id={topic.id} className="help__topic" aria-labelledby={`${topic.id}-title`}>
                <h2 id={`${topic.id}-title`}>{topic.title}</h2>
                {topic.intro.length > 0 ? <Markdown blocks={topic.intro} minHeadingLevel={3} renderPathLink={pathLink} /> : null}
                {topic.questions.map((question) => (
                  // Remounted when a search starts or ends, so matches open and browsing starts folded.
                  <details
                    key={`${question.id}-${searching ? 'found' : 'all'}`}
                    id={question.id}
                    className="help__question"
                    open={searching}
                  >
                    <summary>
                      <h3>{question.question}</h3>
                    </summary>
                    <Markdown blocks={question.answer} minHeadingLevel={4} renderPathLink={pathLink} className="help__answer" />
                  </details>
                ))}
              </section>
            ))
          )}

          <aside className="help__more" aria-labelledby="help-more-title">
            <h2 id="help-more-title">{t('more.title')}</h2>
            <p>{t('more.text')}</p>
            <ul>
              <li>
                <Link to={paths.queryAuthentication}>{t('more.verify')}</Link>
              </li>
              <li>
                <Link to={paths.clause}>{t('more.clause')}</Link>
              </li>
              <li>
                <Link to={paths.privacy}>{t('more.privacy')}</Link>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </div>
  );
}
