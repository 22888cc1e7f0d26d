import { type ComponentType, lazy } from "react";

/**
 * React.lazy, but a failed import (offline, a dropped link) is not final: React.lazy keeps its rejected promise
 * forever, so after a failure the next render gets a fresh lazy component that imports again. The failure itself
 * reaches the nearest error boundary (ScreenErrorBoundary), whose "Try again" renders once more.
 */
export function retryableLazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = fresh();
        throw error;
      }),
    );
  let current = fresh();
  return function RetryableScreen() {
    const Screen = current;
    return <Screen />;
  };
}
