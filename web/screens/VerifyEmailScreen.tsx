import { Link } from "wouter";
import { buttonClass } from "../ui/Button";
import { Card } from "../ui/Layout";
import { Icon } from "../ui/Icon";
import { t } from "../features/i18n/i18n";

export default function VerifyEmailScreen() {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10">
      <Card className="px-6 py-10 text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-800 ring-1 ring-emerald-800/30">
          <Icon name="check" className="size-8" />
        </span>
        <h1 className="mt-5 font-display text-display-md text-ink-950">{t("verify.title")}</h1>
        <p className="mt-3 text-muted">{t("verify.text")}</p>
        <Link href="/user" className={buttonClass("primary", "mt-7 w-full sm:w-auto", "lg")}>
          {t("verify.profile")}
        </Link>
      </Card>
    </main>
  );
}
