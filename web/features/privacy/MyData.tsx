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
import { t } from "../i18n/i18n";

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
      toast({ id: "privacy.deleted" });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t("privacy.delete_failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="my-data" className="mt-6 border-t border-line pt-5">
      <h2 id="my-data" className="mb-2 text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        {t("privacy.my_data")}
      </h2>
      <p className="mb-3 text-sm">{t("privacy.my_data_lead")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <a className={buttonClass("secondary")} href={MY_DATA_URL} download>
          {t("privacy.download")}
        </a>
        {user.role === 1 && (
          <Button variant="dangerQuiet" onClick={start}>
            {t("privacy.delete_account")}
          </Button>
        )}
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t("privacy.delete_title")}
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              {t("common.cancel")}
            </Button>
            <Button variant="danger" type="submit" form="delete-account" disabled={busy || !password}>
              {busy && <Spinner />}
              {t("privacy.delete_account")}
            </Button>
          </>
        }
      >
        <form id="delete-account" onSubmit={erase} className="space-y-3 text-sm">
          <p>{t("privacy.delete_intro")}</p>
          <ul className="list-disc space-y-1 ps-5">
            <li>{t("privacy.delete_account_data")}</li>
            <li>{t("privacy.delete_photos")}</li>
            <li>{items === null ? t("privacy.delete_all_items") : t("privacy.delete_items", { count: items })}</li>
            <li>{t("privacy.delete_log")}</li>
          </ul>
          <p>{t("privacy.download_first")}</p>
          <TextField label={t("privacy.your_password")} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
          {message && <Alert>{message}</Alert>}
        </form>
      </Modal>
    </section>
  );
}
