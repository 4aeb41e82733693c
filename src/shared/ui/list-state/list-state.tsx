import type { ReactNode } from 'react';
import './list-state.css';

export type ListStateProps = {
  kind: 'loading' | 'empty' | 'error';
  text: string;
  testId?: string;
  /** What to do next: a retry button after an error, a link out of an empty list. */
  children?: ReactNode;
};

/** The loading, empty or error block standing in for a list's rows; an error is announced (role alert). */
export function ListState({ kind, text, testId, children }: ListStateProps) {
  if (kind === 'loading') {
    return (
      <div className="list-state" aria-busy="true" data-testid={testId}>
        <span className="list-state__spinner" aria-hidden="true" />
        <span>{text}</span>
      </div>
    );
  }
  return (
    <div className="list-state" role={kind === 'error' ? 'alert' : undefined} data-testid={testId}>
      <p>{text}</p>
      {children}
    </div>
  );
}
