import { Component, type ReactNode } from "react";

interface RouteErrorBoundaryProps {
  /** The page shown; going to another page clears the failure. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  pathname: string;
  failed: boolean;
}

/**
 * A page that fails to render, or whose code fails to load (a new release replaced it, the
 * connection dropped), says so in the page area; the header and footer stay usable.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="container py-5 text-center" role="alert">
        <h1 className="h3">This page could not be shown</h1>
        <p>Reload the page to try again.</p>
        <button type="button" className="btn btn-danger" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}
