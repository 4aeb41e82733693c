import { Button } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';

/** A decision's button: the main one (after a confirmation, or a form) or one with a reason (danger). */
export type DeskAction = { key: string; text: string; danger?: boolean; loading?: boolean; onClick: () => void };

/**
 * The decisions a record's state allows, as buttons (all disabled while one runs), or the text saying there
 * is nothing left to do; the reason dialogs (`ReasonDialog`) go in `dialogs`.
 */
export function DeskActions({
  actions,
  busy,
  none,
  dialogs,
}: {
  actions: DeskAction[];
  busy: boolean;
  none: ReactNode;
  dialogs?: ReactNode;
}) {
  return (
    <>
      {actions.length === 0 ? (
        none
      ) : (
        <div className="staff-actions">
          {actions.map(({ key, text, danger, loading, onClick }) => (
            <Button
              key={key}
              theme={danger ? undefined : 'solid'}
              type={danger ? 'danger' : 'primary'}
              disabled={busy && !loading}
              loading={loading}
              onClick={onClick}
            >
              {text}
            </Button>
          ))}
        </div>
      )}
      {dialogs}
    </>
  );
}
