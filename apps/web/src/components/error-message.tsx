import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";

/** A readable failure with a way to try again. */
export function ErrorMessage({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <Alert variant="danger" className="my-4" role="alert">
      <p className="mb-2">{error.message}</p>
      {onRetry && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
