import { Modal } from "../../../ui/Dialog";

export const SHORTCUTS: [keys: string, what: string][] = [
  ["j / ↓", "Next item"],
  ["k / ↑", "Previous item"],
  ["o", "Open the item in the viewer"],
  ["p", "Publish or unpublish (asks first, naming the item)"],
  ["r", "Mark reviewed"],
  ["f", "Flag (again: back to new)"],
  ["e", "Edit title and notes"],
  ["x", "Select or unselect"],
  ["u", "Undo the last visibility change"],
  ["?", "This help"],
];

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-5 gap-y-2.5 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="inline-block min-w-8 rounded-md border border-b-2 border-ink-300 bg-surface px-2 py-0.5 text-center font-mono text-xs text-ink-900">{keys}</kbd>
            </dt>
            <dd className="text-ink-800">{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
