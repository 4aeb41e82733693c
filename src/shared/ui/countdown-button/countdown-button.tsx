import { Button } from '../button';

export type CountdownButtonProps = {
  /** Seconds left before the action may run again; 0 when it may run now. */
  remaining: number;
  /** Text while idle. */
  label: string;
  /** Text while counting, given the seconds left. */
  countingLabel: (remaining: number) => string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

/** A button that, once used, stays disabled and shows the seconds left until it can be used again. */
export function CountdownButton({ remaining, label, countingLabel, loading, disabled, onClick }: CountdownButtonProps) {
  const counting = remaining > 0;
  return (
    <Button
      className="countdown-button"
      kind="secondary"
      loading={loading}
      disabled={disabled || counting}
      onClick={onClick}
      style={{ minWidth: 128, height: '100%' }}
    >
      {counting ? countingLabel(remaining) : label}
    </Button>
  );
}
