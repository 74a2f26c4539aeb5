import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { ApiRequestError } from "../lib/api-client";

/**
 * A readable failure with a way to try again. What went wrong technically stays one click away,
 * under "Details", for whoever is asked to help.
 */
export function ErrorMessage({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const detail = error instanceof ApiRequestError ? error.detail : undefined;
  return (
    <Alert variant="danger" className="my-4" role="alert">
      <p className="mb-2">{error.message}</p>
      {onRetry && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
      {detail && (
        <details className="small mt-2">
          <summary>Details</summary>
          <span className="d-block font-monospace text-break mt-1">{detail}</span>
        </details>
      )}
    </Alert>
  );
}
