import { useRef, useState, type FocusEvent } from "react";

/** The problem with one field given the whole form ("" when there is none): confirmations compare with their pair. */
export type FieldCheck<F extends string> = (field: F, values: Record<F, string>) => string;

/**
 * A form whose fields are checked as the participant leaves them and all at once on submit. A field nags only once
 * it was typed in; an error already shown is rechecked while typing, so it goes as soon as the value is right (and
 * a new one never appears mid-word). `pairs` recheck a confirmation when the field it repeats changes.
 */
export function useCheckedForm<F extends string>(
  initial: Record<F, string>,
  check: FieldCheck<F>,
  { order, pairs = {} }: { order: readonly F[]; pairs?: Partial<Record<F, F>> },
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const typedIn = useRef(new Set<F>());

  const withPair = (field: F) => [field, ...(pairs[field] ? [pairs[field]] : [])];

  function bind(field: F) {
    return {
      name: field,
      value: values[field],
      error: errors[field] || undefined,
      onChange: (event: { target: { value: string } }) => {
        const next = { ...values, [field]: event.target.value };
        typedIn.current.add(field);
        setValues(next);
        setErrors((shown) => {
          const updated = { ...shown };
          for (const name of withPair(field)) if (shown[name]) updated[name] = check(name, next);
          return updated;
        });
      },
      onBlur: (_event: FocusEvent) => {
        const left = withPair(field).filter((name) => typedIn.current.has(name));
        if (left.length) setErrors((shown) => ({ ...shown, ...Object.fromEntries(left.map((name) => [name, check(name, values)])) }));
      },
    };
  }

  /** Checks every field, shows every problem, and returns the first field in error (in `order`), or null. */
  function checkAll(): F | null {
    const all = Object.fromEntries(order.map((name) => [name, check(name, values)])) as Record<F, string>;
    setErrors(all);
    return order.find((name) => all[name]) ?? null;
  }

  const showError = (field: F, message: string) => setErrors((shown) => ({ ...shown, [field]: message }));

  function reset(next = initial) {
    typedIn.current.clear();
    setValues(next);
    setErrors({});
  }

  return { values, errors, bind, checkAll, showError, reset };
}

/** Moves the focus to a form's field by name (after a failed submit: the first field in error). */
export function focusField(form: HTMLFormElement | null, name: string) {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
