import { Component, type ReactNode } from "react";

/**
 * A part the page can live without (the toast area, the token sync, the session's links), loaded
 * after the first paint. If its code cannot load (the connection dropped at that moment) or it
 * fails, the page goes on without it until the next reload, instead of the error unmounting the
 * whole app, live stock included.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
