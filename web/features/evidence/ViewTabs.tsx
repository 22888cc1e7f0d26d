import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";
import { t } from "../i18n/i18n";

const tabClass =
  "min-h-9 rounded-full px-4 text-sm font-semibold text-ink-700 transition-colors data-focus:outline-2 data-focus:outline-offset-2 data-hover:text-ink-950 data-selected:bg-surface data-selected:text-ink-950 data-selected:shadow-sm";

/** The list screen's tab-like view state: 'evidence' (cards, the default) or 'grid' (the data grid). */
export function ViewTabs({ evidence, grid, filter }: { evidence: ReactNode; grid: ReactNode; filter?: ReactNode }) {
  return (
    <TabGroup>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        {filter}
        <TabList aria-label={t("evidence.view")} className="inline-flex rounded-full bg-paper-deep p-1 ring-1 ring-line ring-inset">
          <Tab className={tabClass}>{t("evidence.view_cards")}</Tab>
          <Tab className={tabClass}>{t("evidence.view_table")}</Tab>
        </TabList>
      </div>
      <TabPanels>
        <TabPanel>{evidence}</TabPanel>
        <TabPanel>{grid}</TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
