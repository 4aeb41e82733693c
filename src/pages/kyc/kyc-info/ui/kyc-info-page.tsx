import { Spin } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation, type SubKeys } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { KycLayout, sexKey } from '@/entities/kyc';
import type { AuthInfo } from '@contracts';
import { paths } from '@/shared/routing';
import { $authInfo, KycInfoGate } from '../model/kyc-info';

const ORG_ROWS = [
  ['company', 'company'],
  ['taxNumber', 'taxNumber'],
  ['address', 'companyAddress'],
  ['legalName', 'legalName'],
  ['legalPhone', 'legalPhone'],
  ['legalIdcard', 'legalIdcard'],
  ['legalAddress', 'legalAddress'],
  ['accountName', 'accountName'],
  ['accountBank', 'accountBank'],
  ['accountNo', 'accountNo'],
  ['contactName', 'contactName'],
  ['contactPhone', 'contactPhone'],
  ['contactIdcard', 'contactIdcard'],
  ['authorName', 'authorName'],
  ['authorSex', 'authorSex'],
  ['authorBrith', 'authorBrith'],
  ['authorPhone', 'authorPhone'],
  ['authorIdcard', 'authorIdcard'],
  ['authorAddress', 'authorAddress'],
] as const;

/** The server names each image by its field (the contracts' image field lists, all labelled in `fields`). */
const imageField = (field: string) => field as SubKeys<'kyc', 'fields'>;

function Images({ info }: { info: AuthInfo }) {
  const { t } = useTranslation('kyc');
  if (info.images.length === 0) return null;
  return (
    <ul className="kyc-info__images">
      {info.images.map((image) => (
        <li key={image.url}>
          <figure>
            <img src={image.url} alt={t(`fields.${imageField(image.field)}`)} loading="lazy" />
            <figcaption>{t(`fields.${imageField(image.field)}`)}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

function NotVerified({ to }: { to: string }) {
  const { t } = useTranslation('kyc');
  return (
    <div className="kyc-alert" role="status" data-testid="kyc-state">
      {t('info.notVerified')} <Link to={to}>{t('info.goVerify')}</Link>
    </div>
  );
}

/** /kyc-info: the verified organisation's data, numbers masked. */
export function KycInfoPage() {
  useGate(KycInfoGate);
  const { t } = useTranslation('kyc');
  const info = useUnit($authInfo);
  let body;
  if (!info) body = <Spin size="large" tip={t('loading')} />;
  else if (info.userStatus !== 3 || !info.organization) body = <NotVerified to={paths.organizationKyc} />;
  else {
    const org = info.organization;
    body = (
      <section className="kyc-info" data-testid="kyc-info">
        <dl className="kyc-info__list">
          <dt>{t('info.state')}</dt>
          <dd>{t('info.verified')}</dd>
          {ORG_ROWS.map(([key, label]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{t(`fields.${label}`)}</dt>
              <dd>{key === 'authorSex' ? t(`sex.${sexKey(org[key])}`) : org[key]}</dd>
            </div>
          ))}
        </dl>
        <Images info={info} />
      </section>
    );
  }
  return (
    <KycLayout title={t('info.organizationTitle')} intro={t('info.maskedNote')}>
      {body}
    </KycLayout>
  );
}

/** /person-info: the verified individual's data, the ID number masked; the supplement's state for face users. */
export function PersonInfoPage() {
  useGate(KycInfoGate);
  const { t } = useTranslation('kyc');
  const info = useUnit($authInfo);
  let body;
  if (!info) body = <Spin size="large" tip={t('loading')} />;
  else if (info.userStatus !== 3 || !info.person) body = <NotVerified to={paths.personageKyc} />;
  else {
    const person = info.person;
    const face = info.authType === 3;
    const supplement = info.repairType === 3 ? 'done' : info.repairType === 2 ? 'review' : 'needed';
    body = (
      <section className="kyc-info" data-testid="kyc-info">
        <dl className="kyc-info__list">
          <dt>{t('info.state')}</dt>
          <dd>{t('info.verified')}</dd>
          <dt>{t('info.method')}</dt>
          <dd>{t(face ? 'person.face' : 'person.document')}</dd>
          <dt>{t('fields.userName')}</dt>
          <dd>{person.userName}</dd>
          <dt>{t('fields.idNumber')}</dt>
          <dd>{person.contactIdcard}</dd>
          {person.authorSex ? (
            <>
              <dt>{t('fields.sex')}</dt>
              <dd>{t(`sex.${sexKey(person.authorSex)}`)}</dd>
            </>
          ) : null}
          {person.address ? (
            <>
              <dt>{t('fields.personAddress')}</dt>
              <dd>{person.address}</dd>
            </>
          ) : null}
          {face ? (
            <>
              <dt>{t('info.supplement')}</dt>
              <dd>
                {t(`info.supplementState.${supplement}`)}{' '}
                {supplement === 'needed' ? <Link to={paths.personageKyc}>{t('info.goSupplement')}</Link> : null}
              </dd>
            </>
          ) : null}
        </dl>
        <Images info={info} />
      </section>
    );
  }
  return (
    <KycLayout title={t('info.personTitle')} intro={t('info.maskedNote')}>
      {body}
    </KycLayout>
  );
}
