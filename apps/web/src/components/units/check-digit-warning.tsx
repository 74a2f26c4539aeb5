import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { ApiRequestError } from "../../lib/api-client";

/**
 * The server's 422 for chassis numbers whose check digit does not match: a warning, not a
 * refusal (many markets do not use the check digit). `refused` keeps its message until the person
 * keeps the numbers (the same units sent again, confirmed) or changes them.
 */
export function useCheckDigitWarning() {
  const [warning, setWarning] = useState<string>();
  return {
    warning,
    clear: () => setWarning(undefined),
    /** True when the error was the warning, now shown; false for any other refusal. */
    refused: (error: Error) => {
      const isWarning = error instanceof ApiRequestError && error.status === 422;
      setWarning(isWarning ? error.message : undefined);
      return isWarning;
    },
  };
}

/** The warning with "Keep these numbers", which sends the same units again, confirmed. */
export function CheckDigitWarning({
  warning,
  onKeep,
  pending,
}: {
  warning: string | undefined;
  onKeep: () => void;
  pending: boolean;
}) {
  if (!warning) return null;
  return (
    <Alert variant="warning" role="alert" className="mt-2 mb-2">
      <p className="mb-2">{warning}</p>
      <Button variant="dark" size="sm" onClick={onKeep} disabled={pending}>
        Keep these numbers
      </Button>
    </Alert>
  );
}
