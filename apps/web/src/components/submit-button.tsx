import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";

interface SubmitButtonProps {
  children: ReactNode;
  /** While the form is being sent the button is off and says so with `pendingLabel`. */
  pending?: boolean;
  pendingLabel?: string;
  /** Spacing below the button, for forms that go on after it. */
  className?: string;
}

/** A form's full-width submit button. */
export function SubmitButton({
  children,
  pending = false,
  pendingLabel,
  className,
}: SubmitButtonProps) {
  return (
    <div className={className ? `d-grid ${className}` : "d-grid"}>
      <Button type="submit" variant="danger" disabled={pending}>
        {pending ? pendingLabel : children}
      </Button>
    </div>
  );
}
