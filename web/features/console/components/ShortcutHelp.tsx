import { Modal } from "../../../ui/Dialog";
import { t, type MessageId } from "../../i18n/i18n";

const SHORTCUT_MESSAGES: [keys: string, what: MessageId][] = [
  ["j / ↓", "console.shortcut.next"],
  ["k / ↑", "console.shortcut.previous"],
  ["o", "console.shortcut.open"],
  ["p", "console.shortcut.publish"],
  ["r", "console.shortcut.reviewed"],
  ["f", "console.shortcut.flag"],
  ["e", "console.shortcut.edit"],
  ["x", "console.shortcut.select"],
  ["u", "console.shortcut.undo"],
  ["?", "console.shortcut.help"],
];
/** The keys and what they do, in the active language (read when called). */
export const shortcuts = (): [keys: string, what: string][] => SHORTCUT_MESSAGES.map(([keys, what]) => [keys, t(what)]);

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={t("console.shortcuts_title")}>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-5 gap-y-2.5 text-sm">
        {shortcuts().map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd dir="ltr" className="inline-block min-w-8 rounded-md border border-b-2 border-ink-300 bg-surface px-2 py-0.5 text-center font-mono text-xs text-ink-900">{keys}</kbd>
            </dt>
            <dd className="text-ink-800">{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
