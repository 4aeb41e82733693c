import { Button } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import type { ListView } from '../../lib/paged-list';
import { ListState } from './list-state';

export type ListBodyProps = {
  /** What the list area shows (a paged list's `$view`). */
  view: ListView;
  texts: { loading: string; failed: string; retry: string; empty: string };
  onRetry: () => void;
  emptyTestId?: string;
  /** Under the empty text: a link out of an empty list. */
  emptyAction?: ReactNode;
  /** The rows (table or cards), shown when there are some. */
  children: ReactNode;
};

/** The list area of a paged list: loading, error with a retry button, empty, or the rows. */
export function ListBody({ view, texts, onRetry, emptyTestId, emptyAction, children }: ListBodyProps) {
  if (view === 'error') {
    return (
      <ListState kind="error" text={texts.failed}>
        <Button onClick={onRetry}>{texts.retry}</Button>
      </ListState>
    );
  }
  if (view === 'loading') return <ListState kind="loading" text={texts.loading} />;
  if (view === 'empty') {
    return (
      <ListState kind="empty" text={texts.empty} testId={emptyTestId}>
        {emptyAction}
      </ListState>
    );
  }
  return <>{children}</>;
}
