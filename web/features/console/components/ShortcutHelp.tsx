import { Modal } from "../../../ui/Dialog";
import { Button } from "../../../ui/Button";

export const SHORTCUTS: [keys: string, what: string][] = [
  ["j / ↓", "Next item"],
  ["k / ↑", "Previous item"],
  ["o", "Open the item in the viewer"],
  ["p", "Publish or unpublish"],
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
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-gray-400 bg-gray-50 px-1.5 font-mono">{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
