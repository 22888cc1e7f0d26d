import type { ReactNode } from "react";
import { Icon } from "./Icon";
import { t } from "../features/i18n/i18n";

/** A link to another site: opens in a new tab, shows the outward arrow, and tells screen readers so. */
export function ExternalLink({
  href,
  children,
  className = "",
  onClick,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      <Icon name="external" className="size-4 shrink-0" />
      <span className="sr-only"> {t("link.opens_new_tab")}</span>
    </a>
  );
}
