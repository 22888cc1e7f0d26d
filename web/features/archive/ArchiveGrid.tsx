import { memo } from "react";
import type { Evidence } from "../../api/types";
import { ArchiveTile } from "./ArchiveTile";
import { t } from "../i18n/i18n";
import { useLanguage } from "../i18n/language";

/**
 * The archive's wall of tiles; the first two load at once (they are the largest paint), the rest as they scroll near.
 * Tiles off screen are skipped by the browser's rendering (content-visibility), so thousands of them stay smooth. From
 * two columns on it is a subgrid of the archive page's columns (ArchiveScreen), so it starts where the introduction does.
 */
export const ArchiveGrid = memo(function ArchiveGrid({ items, onOpen }: { items: Evidence[]; onOpen: (item: Evidence) => void }) {
  useLanguage();
  return (
    <ul aria-label={t("archive.items")} className="grid grid-cols-[repeat(auto-fill,250px)] justify-center gap-x-5 gap-y-6 sm:grid-cols-subgrid">
      {items.map((item, index) => (
        <li key={item.id} className="[contain-intrinsic-size:250px_357px] [content-visibility:auto]">
          <ArchiveTile item={item} onOpen={onOpen} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
});
