import type { ReactNode } from 'react';
import './kyc-page.css';

/** The frame of a verification page (title, introduction); brings the layout shared by their forms and lists. */
export function KycLayout({
  title,
  intro,
  className = '',
  children,
}: {
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`page kyc ${className}`.trim()}>
      <h1 className="kyc__title">{title}</h1>
      {intro ? <p className="kyc__intro">{intro}</p> : null}
      {children}
    </div>
  );
}
