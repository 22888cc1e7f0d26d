/** A file input dressed as a button: the browser's own "Choose File / No file chosen" never shows. */
import { useId, useRef, type ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "./Button";
import { Icon, type IconName } from "./Icon";

export function FilePicker({
  label,
  accept,
  capture,
  multiple = false,
  onFiles,
  chosen,
  icon = "upload",
  variant = "secondary",
  hint,
  disabled,
}: {
  label: string;
  accept: string;
  capture?: "environment" | "user";
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /** The name of the file chosen so far, shown beside the button (nothing when none). */
  chosen?: string | null;
  icon?: IconName;
  variant?: ButtonVariant;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <button type="button" className={buttonClass(variant)} onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}>
          <Icon name={icon} className="size-5" />
          {label}
        </button>
        {chosen && <span className="min-w-0 truncate text-sm text-muted">{chosen}</span>}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        accept={accept}
        capture={capture}
        multiple={multiple}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
