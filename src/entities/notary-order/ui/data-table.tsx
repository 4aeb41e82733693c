import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { EvidenceType, NotaryDataRow } from '@contracts';
import { useIsMobile } from '@/shared/lib/media';
import { formatDuration } from '@/shared/lib/time';
import { dataKindOf, rowName, rowNumber, rowTime } from '../lib/data-row';
import './data-table.css';

export type NotaryDataTableProps = {
  type: EvidenceType;
  rows: NotaryDataRow[];
  caption: string;
  /** A leading cell per row (a selection checkbox). */
  lead?: { header: ReactNode; cell: (row: NotaryDataRow) => ReactNode };
  /** A trailing action cell per row ('view details'). */
  action?: (row: NotaryDataRow) => ReactNode;
};

function Cells({ row, type }: { row: NotaryDataRow; type: EvidenceType }) {
  const { t } = useTranslation('notary');
  const kind = dataKindOf(type);
  const label = row.label || t('data.noLabel');
  if (kind === 'web') {
    return (
      <>
        <td className="notary-data__name">{rowName(row)}</td>
        <td className="notary-data__url">{'url' in row ? row.url : ''}</td>
        <td>{label}</td>
        <td className="notary-data__time">{rowTime(row)}</td>
      </>
    );
  }
  if (kind === 'process') {
    return (
      <>
        <td className="notary-data__name">{rowName(row)}</td>
        <td>{label}</td>
        <td>{'timeLength' in row ? formatDuration(row.timeLength) : ''}</td>
      </>
    );
  }
  return (
    <>
      <td className="notary-data__name">{rowName(row)}</td>
      <td>{label}</td>
      <td>{t(`evidenceType.${type}`)}</td>
      <td className="notary-data__time">{rowTime(row)}</td>
    </>
  );
}

/** The column headers of each kind (spec section 2, notarisation data table). */
type Column = 'number' | 'name' | 'url' | 'label' | 'time' | 'evidenceName' | 'duration' | 'fileName' | 'product' | 'saveTime';

function headers(kind: ReturnType<typeof dataKindOf>): Column[] {
  if (kind === 'web') return ['number', 'name', 'url', 'label', 'time'];
  if (kind === 'process') return ['number', 'evidenceName', 'label', 'duration'];
  return ['number', 'fileName', 'label', 'product', 'saveTime'];
}

/** The records of an order or of a selection, with the columns of their evidence type; cards on a phone. */
export function NotaryDataTable({ type, rows, caption, lead, action }: NotaryDataTableProps) {
  const { t } = useTranslation('notary');
  const mobile = useIsMobile();
  const kind = dataKindOf(type);
  const columns = headers(kind);
  if (mobile) {
    return (
      <ul className="notary-data-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={row.id} className="notary-data-card" data-testid="notary-data-row">
            <div className="notary-data-card__head">
              {lead ? lead.cell(row) : null}
              <span className="notary-data__number">{rowNumber(row)}</span>
            </div>
            <p className="notary-data-card__name">{rowName(row)}</p>
            {'url' in row ? <p className="notary-data__url">{row.url}</p> : null}
            <dl className="notary-data-card__facts">
              <div>
                <dt>{t('data.columns.label')}</dt>
                <dd>{row.label || t('data.noLabel')}</dd>
              </div>
              {'timeLength' in row ? (
                <div>
                  <dt>{t('data.columns.duration')}</dt>
                  <dd>{formatDuration(row.timeLength)}</dd>
                </div>
              ) : (
                <div>
                  <dt>{t(kind === 'web' ? 'data.columns.time' : 'data.columns.saveTime')}</dt>
                  <dd>{rowTime(row)}</dd>
                </div>
              )}
            </dl>
            {action ? <div className="notary-data-card__action">{action(row)}</div> : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="notary-data-wrap">
      <table className="notary-data">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {lead ? (
              <th scope="col" className="notary-data__lead">
                {lead.header}
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`data.columns.${column}`)}
              </th>
            ))}
            {action ? <th scope="col">{t('data.columns.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="notary-data-row">
              {lead ? <td className="notary-data__lead">{lead.cell(row)}</td> : null}
              <td className="notary-data__number">{rowNumber(row)}</td>
              <Cells row={row} type={type} />
              {action ? <td>{action(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
