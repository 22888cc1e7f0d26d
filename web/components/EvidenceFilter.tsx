import { Label, Radio, RadioGroup } from "@headlessui/react";
import { FILTER_OPTIONS, type MediaFilter } from "../lib/mediaTypes";

export function EvidenceFilter({ value, onChange }: { value: MediaFilter; onChange: (value: MediaFilter) => void }) {
  return (
    <RadioGroup value={value} onChange={onChange} className="flex flex-wrap items-center gap-2">
      <Label className="sr-only">Filter evidence by kind</Label>
      {FILTER_OPTIONS.map((option) => (
        <Radio
          key={option.value}
          value={option.value}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-full bg-white px-3 py-2 sm:px-4 text-sm font-semibold text-gray-900 ring-1 ring-gray-400 data-checked:bg-gray-900 data-checked:text-white data-checked:ring-gray-900 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-blue-700"
        >
          {option.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}

export function applyFilter<T extends { media_type: number }>(items: T[], filter: MediaFilter) {
  return filter === 0 ? items : items.filter((item) => item.media_type === filter);
}
