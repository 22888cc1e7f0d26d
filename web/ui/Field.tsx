/** Labelled form fields. A hint and an error sit beside their field and are tied to it for screen readers. */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useId } from "react";
import { Icon } from "./Icon";

export const fieldClass =
  "mt-1.5 block min-h-12 w-full rounded-lg border border-ink-300 bg-surface px-3.5 py-2.5 text-base text-ink-900 placeholder:text-ink-400 focus:border-ink-900 focus:outline-2 focus:outline-offset-0 focus:outline-ink-900 disabled:bg-paper-deep disabled:text-ink-600 aria-invalid:border-red-800 aria-invalid:focus:outline-red-800";

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
}

export function FieldFrame({ id, label, hint, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A field's error as every field shows it (the id ties it to its field through aria-describedby). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-800">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: ReactNode }) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, hint, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input id={id} className={fieldClass} aria-describedby={describedBy(id, { hint, error })} aria-invalid={error ? true : undefined} {...input} />
    </FieldFrame>
  );
}

export function TextArea({ label, hint, error, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={5}
        className={fieldClass}
        aria-describedby={describedBy(id, { hint, error })}
        aria-invalid={error ? true : undefined}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  error,
  options,
  ...select
}: FieldProps & { options: { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select id={id} className={fieldClass} aria-describedby={describedBy(id, { hint, error })} aria-invalid={error ? true : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
