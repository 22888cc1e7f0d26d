import { type ComponentType, lazy } from "react";

/** Screens whose last import failed, each with a way to import afresh at its next render. */
const failed = new Set<() => void>();
/** Some screen's fresh import failed as well: the browser keeps the failure (Chromium 150 does for the page's life). */
let heldByBrowser = false;

/**
 * React.lazy, but a failed import (offline, a dropped link) is not final. React.lazy keeps its rejected promise
 * forever; here the failure reaches the nearest error boundary (ScreenErrorBoundary), and once it asks to try again
 * (retryFailedScreens) the screen renders a fresh lazy component that imports anew. Not at once on failure: React
 * renders again right after an error, and a fresh import then would suspend, fail and repeat without end.
 */
export function retryableLazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let renewed = false;
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        if (renewed) heldByBrowser = true;
        failed.add(renew);
        throw error;
      }),
    );
  const renew = () => {
    renewed = true;
    current = fresh();
  };
  let current = fresh();
  return function RetryableScreen() {
    const Screen = current;
    return <Screen />;
  };
}

/** True once a screen's import failed again after a fresh try: only loading the page anew fetches it then. */
export function importsHeldByBrowser() {
  return heldByBrowser;
}

export function retryFailedScreens() {
  for (const renew of failed) renew();
  failed.clear();
}
