import { useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { ApiError } from "../../api/client";
import { listOwnEvidence } from "../../api/evidence";
import { deleteMyAccount, MY_DATA_URL } from "../../api/rights";
import type { User } from "../../api/types";
import { toastAtom } from "../../state/notices";
import { userAtom } from "../../state/session";
import { Alert, Button, buttonClass, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { TextField } from "../../ui/Field";

const itemsLabel = (count: number) => (count === 1 ? "your 1 item" : `your ${count} items`);

/** Profile → My data: download everything held about me, or delete my account after a confirmation saying what goes. */
export function MyData({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<number | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const setUser = useSetAtom(userAtom);
  const toast = useSetAtom(toastAtom);
  const [, navigate] = useLocation();

  function start() {
    setOpen(true);
    setMessage("");
    setPassword("");
    listOwnEvidence().then((list) => setItems(list.length), () => setItems(null));
  }

  async function erase(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage("");
    try {
      await deleteMyAccount(password);
      setOpen(false);
      setUser(null);
      navigate("/");
      toast("Your account and everything you sent have been deleted.");
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : "Your account could not be deleted. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="my-data" className="mt-6 border-t border-line pt-5">
      <h2 id="my-data" className="mb-2 text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        My data
      </h2>
      <p className="mb-3 text-sm">Download everything the organisers' server holds about you, or delete your account.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <a className={buttonClass("secondary")} href={MY_DATA_URL} download>
          Download my data
        </a>
        {user.role === 1 && (
          <Button variant="danger" onClick={start}>
            Delete my account
          </Button>
        )}
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete your account?"
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form="delete-account" disabled={busy || !password}>
              {busy && <Spinner />}Delete my account
            </Button>
          </>
        }
      >
        <form id="delete-account" onSubmit={erase} className="space-y-3 text-sm">
          <p>This deletes, for good and at once:</p>
          <ul className="list-disc space-y-1 ps-5">
            <li>your account: name, username, e-mail address, phone number and pronouns;</li>
            <li>your verification photo and avatar;</li>
            <li>{items === null ? "all your items" : itemsLabel(items)}, with their files and notes, published ones too;</li>
            <li>your names, e-mail and phone number in the organisers' log (the log keeps only that something was done).</li>
          </ul>
          <p>Download your data first if you want to keep a copy.</p>
          <TextField label="Your password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
          {message && <Alert>{message}</Alert>}
        </form>
      </Modal>
    </section>
  );
}
