import React from 'react';

interface Props {
  /** Rendered instead of the children once they have thrown; `retry` renders them again. */
  fallback: (error: Error, retry: () => void) => React.ReactNode;
  children: React.ReactNode;
  /** Told of each error caught (a part fetched on first use makes its next try fetch afresh: lazy-part.tsx). */
  onCaught?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

/** The routing-level fallback of SPEC.md: a page that throws shows its error instead of a blank page. */
export class ErrorBoundary extends React.Component<Props, State> {
  override state: State = { error: null };

  private readonly retry = () => this.setState({ error: null });

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo): void {
    console.error('Page crashed:', error, info.componentStack);
    this.props.onCaught?.(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
