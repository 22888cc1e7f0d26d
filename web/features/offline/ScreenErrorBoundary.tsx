import { Component, type ReactNode } from "react";
import { Button } from "../../ui/Button";
import { importsHeldByBrowser, retryFailedScreens } from "./retryableLazy";
import { t } from "../i18n/i18n";

/** What a screen that could not load shows instead of a white page. */
function RetryScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12 text-center">
      <h1 className="font-display text-display-md text-ink-950">{t("offline.screen_failed")}</h1>
      <p className="mt-3 text-ink-800">
        {t("offline.screen_failed_text")}
      </p>
      <Button onClick={onRetry} className="mt-6 w-full sm:w-auto">
        {t("common.try_again")}
      </Button>
    </main>
  );
}

/**
 * Catches a screen that failed to render, above all a lazy screen whose code could not be fetched, and offers to try
 * again: failed imports (retryableLazy) start afresh. Moving to another route (`resetKey`) does the same. Some
 * browsers (Chromium 150) keep a failed import's answer for the page's life, so a fresh import fails again whatever
 * the network does: once that was seen, Try again loads the page anew (drafts and queued items live in the phone's
 * storage and survive it).
 */
export class ScreenErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error("A screen failed to load", error);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey === this.props.resetKey) return;
    if (this.state.failed) this.retry();
  }

  retry = () => {
    retryFailedScreens();
    this.setState({ failed: false });
  };

  tryAgain = () => {
    if (importsHeldByBrowser()) return location.reload();
    this.retry();
  };

  render() {
    return this.state.failed ? <RetryScreen onRetry={this.tryAgain} /> : this.props.children;
  }
}
