import { Icon, type IconName } from "./Icon";

/**
 * A big tappable choice that opens the file picker (or the camera, with `capture`). The input sits inside its label,
 * visually hidden, so the browser's "Choose File / No file chosen" never shows and the choice keeps its name.
 */
export function FilePickButton({
  label,
  description,
  accept,
  capture,
  onFiles,
  icon,
  disabled = false,
}: {
  label: string;
  description: string;
  accept: string;
  capture?: "environment" | "user";
  onFiles: (files: File[]) => void;
  icon: IconName;
  disabled?: boolean;
}) {
  return (
    <label
      className={`group flex min-h-20 items-center gap-4 rounded-card bg-surface p-4 shadow-lift ring-1 ring-line transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink-900 ${
        disabled ? "cursor-not-allowed opacity-45" : "cursor-pointer hover:-translate-y-px hover:ring-ink-300 active:translate-y-0"
      }`}
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent">
        <Icon name={icon} className="size-6" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-semibold text-ink-950">{label}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
      <Icon name="chevronRight" className="size-5 shrink-0 text-ink-400 transition group-hover:translate-x-0.5 group-hover:text-ink-700 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5" />
      <input
        type="file"
        className="sr-only"
        accept={accept}
        capture={capture}
        multiple
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
