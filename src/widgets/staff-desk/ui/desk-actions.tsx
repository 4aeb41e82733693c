import { Button } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';

/**
 * A decision's button: the main one (after a confirmation, or a form) or one with a reason (danger). `blocked`
 * says why it cannot be taken yet (the button is disabled and the text shown under the buttons).
 */
export type DeskAction = { key: string; text: string; danger?: boolean; loading?: boolean; blocked?: string; onClick: () => void };

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
          {actions.map(({ key, text, danger, loading, blocked, onClick }) => (
            <Button
              key={key}
              theme={danger ? undefined : 'solid'}
              type={danger ? 'danger' : 'primary'}
              disabled={(busy && !loading) || Boolean(blocked)}
              aria-describedby={blocked ? `desk-action-${key}-blocked` : undefined}
              loading={loading}
              onClick={onClick}
            >
              {text}
            </Button>
          ))}
        </div>
      )}
      {actions
        .filter((action) => action.blocked)
        .map(({ key, blocked }) => (
          <p key={key} id={`desk-action-${key}-blocked`} className="staff-muted staff-actions__blocked">
            {blocked}
          </p>
        ))}
      {dialogs}
    </>
  );
}
