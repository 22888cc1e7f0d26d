import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";

const tabClass =
  "min-h-10 rounded-md px-4 text-sm font-semibold text-gray-800 data-focus:outline-2 data-focus:outline-blue-700 data-selected:bg-white data-selected:text-gray-900 data-selected:shadow";

/** The list screen's tab-like view state: 'evidence' (cards, the default) or 'grid' (the data grid). */
export function ViewTabs({ evidence, grid }: { evidence: ReactNode; grid: ReactNode }) {
  return (
    <TabGroup>
      <TabList aria-label="View" className="mb-4 inline-flex rounded-lg bg-gray-200 p-1">
        <Tab className={tabClass}>Cards</Tab>
        <Tab className={tabClass}>Table</Tab>
      </TabList>
      <TabPanels>
        <TabPanel>{evidence}</TabPanel>
        <TabPanel>{grid}</TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
