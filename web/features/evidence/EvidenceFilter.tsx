import { Label, Radio, RadioGroup } from "@headlessui/react";
import { useRef } from "react";
import { FILTER_OPTIONS, type MediaFilter } from "../../lib/mediaTypes";
import { useMoreToScroll } from "../../lib/useMoreToScroll";
import { t } from "../i18n/i18n";

/**
 * The spec's filter toggle (All, Notes, Photos, Videos, Audio) as one row of pills that scrolls sideways when it does not
 * fit (wrapping turned the archive's rounded bar into a misshapen oval); its end fades while more pills lie beyond it.
 */
export function EvidenceFilter({ value, onChange }: { value: MediaFilter; onChange: (value: MediaFilter) => void }) {
  const row = useRef<HTMLElement>(null);
  const more = useMoreToScroll(row);
  return (
    <RadioGroup
      ref={row}
      value={value}
      onChange={onChange}
      data-more={more || undefined}
      className="flex max-w-full items-center gap-2 overflow-x-auto [scrollbar-width:none] data-more:[mask-image:linear-gradient(to_right,black_75%,transparent)] rtl:data-more:[mask-image:linear-gradient(to_left,black_75%,transparent)]"
    >
      <Label className="sr-only">{t("evidence.filter_label")}</Label>
      {FILTER_OPTIONS.map((option) => (
        <Radio
          key={option.value}
          value={option.value}
          className="inline-flex min-h-10 shrink-0 cursor-pointer items-center rounded-full bg-surface px-3.5 text-sm font-semibold text-ink-800 ring-1 ring-ink-300 ring-inset transition-colors hover:bg-paper-deep data-checked:bg-ink-900 data-checked:text-white data-checked:ring-ink-900 data-focus:outline-2 data-focus:outline-offset-2 sm:px-4"
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
