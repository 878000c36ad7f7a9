import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called with what was caught, e.g. to report it. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  caught: boolean;
  error: unknown;
}

/**
 * ROUTE-22: catches a render error below it and shows the "Something went wrong!" page.
 * React only offers error boundaries as class components.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { caught: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { caught: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.caught ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
