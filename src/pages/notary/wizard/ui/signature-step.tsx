import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type NotaryState } from '@/shared/api';
import { paths } from '@/shared/routing';
import { $busy, $flags, signClicked } from '@/features/apply-notary';
import { NextButton } from './step-parts';

/** Step 2: sign online with the user's default seal. */
export function SignatureStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [flags, busy, onSign] = useUnit([$flags, $busy, signClicked]);
  const seal = state.seal;
  return (
    <div className="notary-wizard__step">
      <h2 className="notary-wizard__subtitle">{t('wizard.sign.title')}</h2>
      <p className="notary-wizard__text">{t('wizard.sign.intro')}</p>
      {seal ? (
        <figure className="notary-wizard__seal">
          <img src={seal.picUrl} alt={t('wizard.sign.sealAlt', { name: seal.name })} />
          <figcaption>{seal.name}</figcaption>
        </figure>
      ) : (
        <p className="notary-wizard__warning" role="alert">
          {t('wizard.sign.noSeal')} <Link to={paths.signature}>{t('wizard.sign.goSeal')}</Link>
        </p>
      )}
      <div className="notary-wizard__actions">
        {flags.signTure ? (
          <>
            <span className="notary-wizard__done">{t('wizard.sign.signedAt', { time: state.signedAt })}</span>
            <NextButton />
          </>
        ) : (
          <Button theme="solid" type="primary" disabled={!seal} loading={busy} onClick={onSign}>
            {t('wizard.sign.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Step 3: authorise the notary office to decrypt the order's records. */
