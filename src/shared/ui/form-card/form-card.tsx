import type { ReactNode } from 'react';
import './form-card.css';

export type FormCardProps = {
  /** Id of the heading, so the card's landmark is named by it. */
  titleId: string;
  title: string;
  children: ReactNode;
  /** Links under the card body. */
  footer?: ReactNode;
};

/** A centred card for a single form: about 420 px wide on desktop, the full width below 768 px. */
export function FormCard({ titleId, title, children, footer }: FormCardProps) {
  return (
    <section className="form-card" aria-labelledby={titleId}>
      <h1 id={titleId} className="form-card__title">
        {title}
      </h1>
      <div className="form-card__body">{children}</div>
      {footer ? <div className="form-card__footer">{footer}</div> : null}
    </section>
  );
}
