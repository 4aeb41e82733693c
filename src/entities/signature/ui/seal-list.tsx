import { Button, Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from '@/shared/i18n';
import type { Signature } from '@contracts';
import './seal-list.css';

export type SealListProps = {
  seals: readonly Signature[];
  /** A set-default or delete is under way: the actions wait. */
  pending: boolean;
  onSetDefault: (seal: Signature) => void;
  onDelete: (seal: Signature) => void;
};

/** The seals as cards with their previews; the default one is marked and has no set-default action. */
export function SealList({ seals, pending, onSetDefault, onDelete }: SealListProps) {
  const { t } = useTranslation('signature');
  return (
    <ul className="seal__grid" data-testid="seal-list">
      {seals.map((seal) => {
        const isDefault = seal.is_default === '1';
        return (
          <li key={seal.id} className={`seal__item${isDefault ? ' seal__item--default' : ''}`} data-testid="seal-item">
            <div className="seal__picture">
              <img src={seal.pic_url} alt={t('imageAlt', { name: seal.name })} loading="lazy" />
            </div>
            <div className="seal__info">
              <div className="seal__name-row">
                <span className="seal__name">{seal.name}</span>
                {isDefault ? (
                  <Tag color="green" size="small">
                    {t('defaultBadge')}
                  </Tag>
                ) : null}
              </div>
              <time className="seal__time">{t('addedAt', { time: seal.add_time })}</time>
            </div>
            <div className="seal__actions">
              {isDefault ? null : (
                <Button
                  size="small"
                  disabled={pending}
                  onClick={() => onSetDefault(seal)}
                  aria-label={t('setDefault.aria', { name: seal.name })}
                >
                  {t('setDefault.action')}
                </Button>
              )}
              <Button
                size="small"
                type="danger"
                disabled={pending}
                onClick={() => onDelete(seal)}
                aria-label={t('delete.aria', { name: seal.name })}
              >
                {t('delete.action')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
