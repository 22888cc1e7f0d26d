import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { Icon } from "./Icon";
import { useBackCloses } from "./useBackCloses";
import { t } from "../features/i18n/i18n";

const ignoreDismiss = () => {};
const PANEL_WIDTHS = { md: "sm:max-w-md", lg: "sm:max-w-2xl", xl: "sm:max-w-5xl" } as const;

/**
 * Headless UI dialog with our frame: a header with the title and a close button, a body that scrolls, and a footer
 * whose `actions` stay in view however long the body is (a 1280×800 laptop, a phone in landscape). On a phone it
 * rises from the bottom edge as a sheet. `dismissible` is for backdrop clicks and Escape (the spec's Edit Item
 * dialog is not); `closable` (default: the same) shows the close button and lets the phone's Back button close it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  dismissible = true,
  closable = dismissible,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  dismissible?: boolean;
  closable?: boolean;
  size?: "md" | "lg" | "xl";
}) {
  useBackCloses(open, onClose, closable);
  return (
    <Dialog open={open} onClose={dismissible ? onClose : ignoreDismiss} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/70 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-6">
        <DialogPanel
          className={`flex max-h-[calc(100dvh-1rem)] w-full flex-col overflow-hidden rounded-t-2xl bg-paper text-ink-900 shadow-2xl sm:max-h-[calc(100dvh-3rem)] sm:rounded-2xl ${PANEL_WIDTHS[size]}`}
        >
          <div className="flex items-start gap-3 border-b border-line px-5 py-4">
            <DialogTitle as="h2" className="min-w-0 flex-1 font-display text-display-sm break-words">
              {title}
            </DialogTitle>
            {closable && (
              <button type="button" onClick={onClose} aria-label={t("common.close")} className="-me-2 -mt-1 rounded-full p-2 text-ink-700 hover:bg-ink-900/8">
                <Icon name="close" className="size-5" />
              </button>
            )}
          </div>
          {/* Focusable, so a keyboard can scroll a long body that holds nothing focusable (a photo and its facts). */}
          <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2">
            {children}
          </div>
          {actions && (
            <div className="flex flex-wrap justify-end gap-3 border-t border-line bg-paper px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {actions}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
