import Spinner from "react-bootstrap/Spinner";

/** A centred spinner that screen readers announce. */
export function LoadingSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center my-5" role="status" aria-live="polite">
      <Spinner animation="border" variant="danger" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
