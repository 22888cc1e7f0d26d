import { Button } from "../../../ui/Button";
import { Modal } from "../../../ui/Dialog";
import type { LogoutQuestion } from "../useDraftsAtLogout";

/**
 * Asked at logout when unsent drafts wait on this device: keep them (the default: the main button, and what happens
 * as before when nobody chooses otherwise) or remove them; closing the question cancels the logout.
 */
export function LogoutDraftsDialog({ question }: { question: LogoutQuestion }) {
  const { count, answer } = question;
  return (
    <Modal
      open
      onClose={() => answer("cancel")}
      title="Keep your unsent items on this device?"
      actions={
        <>
          <Button variant="ghost" onClick={() => answer("cancel")}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => answer("remove")}>
            Remove them and log out
          </Button>
          <Button onClick={() => answer("keep")}>
            Keep them and log out
          </Button>
        </>
      }
    >
      <p className="text-base text-ink-800" data-testid="logout-drafts">
        {count === 1 ? "1 item you have not sent yet is" : `${count} items you have not sent yet are`} kept on this device
        (photos, recordings and notes, with where they were made). Keep them to send them after your next login here, or
        remove them if someone else will use this device.
      </p>
    </Modal>
  );
}
