import { useTranslation } from '@/shared/i18n';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/shared/routing';
import { Button } from '@/shared/ui/button';
import './not-found-page.css';

/** /404 and every unknown path (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <div className="not-found__code" aria-hidden="true">
        404
      </div>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Button onClick={() => void navigate(paths.home)}>{t('notFound.back')}</Button>
    </section>
  );
}
