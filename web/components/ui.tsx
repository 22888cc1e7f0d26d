import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useId } from "react";
export { Alert, Button, buttonClass, Spinner } from "../ui/Button";

const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-blue-700 focus:outline-2 focus:outline-blue-700 disabled:bg-gray-100 disabled:text-gray-700";

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
}

function FieldFrame({ id, label, hint, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, { hint, error }: FieldProps) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, hint, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={fieldClass}
        aria-describedby={describedBy(id, { label, hint, error })}
        aria-invalid={error ? true : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({ label, hint, error, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} rows={5} className={fieldClass} aria-describedby={describedBy(id, { label, hint, error })} {...textarea} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  options,
  ...select
}: { label: string; options: { value: string; label: string }[] } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <select id={id} className={fieldClass} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className={`mx-auto w-full px-4 py-6 ${wide ? "max-w-6xl" : "max-w-xl"}`}>
      <h1 className="mb-5 text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 ${className}`}>{children}</div>;
}
