import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";

const ignoreDismiss = () => {};
const PANEL_WIDTHS = { md: "max-w-md", lg: "max-w-2xl", xl: "max-w-5xl" } as const;

/**
 * Headless UI dialog with our frame. `onClose` is for backdrop clicks and Escape; pass `dismissible={false}` for
 * dialogs the spec says cannot be dismissed that way.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  dismissible = true,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  dismissible?: boolean;
  size?: "md" | "lg" | "xl";
}) {
  return (
    <Dialog open={open} onClose={dismissible ? onClose : ignoreDismiss} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-black/60" />
      <div className="relative">
        <div className="flex min-h-dvh items-center justify-center p-3 sm:p-6">
          <DialogPanel
            className={`w-full ${PANEL_WIDTHS[size]} rounded-2xl bg-white p-5 text-gray-900 shadow-2xl`}
          >
            <DialogTitle as="h2" className="mb-4 text-lg font-bold">
              {title}
            </DialogTitle>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
