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
  // Which fields show a problem: `true` shows the check's answer for the current values, worded at render time (so a
  // language switched meanwhile words it anew); a string is the server's own message for that field.
  const [shown, setShown] = useState<Partial<Record<F, true | string>>>({});
  const typedIn = useRef(new Set<F>());

  const problem = (field: F, how: true | string | undefined) => (how === true ? check(field, values) : (how ?? ""));
  const errors = Object.fromEntries(
    (Object.keys(shown) as F[]).map((field) => [field, problem(field, shown[field])]).filter(([, message]) => message),
  ) as Partial<Record<F, string>>;

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
        // A problem already shown is rechecked while typing and goes as soon as the value is right.
        setShown((before) => {
          const after = { ...before };
          for (const name of withPair(field)) {
            if (before[name] === undefined) continue;
            if (check(name, next)) after[name] = true;
            else delete after[name];
          }
          return after;
        });
      },
      onBlur: (_event: FocusEvent) => {
        const left = withPair(field).filter((name) => typedIn.current.has(name) && check(name, values));
        if (left.length) setShown((before) => ({ ...before, ...Object.fromEntries(left.map((name) => [name, true])) }));
      },
    };
  }

  /** Checks every field, shows every problem, and returns the first field in error (in `order`), or null. */
  function checkAll(): F | null {
    const failing = order.filter((name) => check(name, values));
    setShown(Object.fromEntries(failing.map((name) => [name, true])) as Partial<Record<F, true>>);
    return failing[0] ?? null;
  }

  const showError = (field: F, message: string) => setShown((before) => ({ ...before, [field]: message }));

  function reset(next = initial) {
    typedIn.current.clear();
    setValues(next);
    setShown({});
  }

  return { values, errors, bind, checkAll, showError, reset };
}

/** Moves the focus to a form's field by name (after a failed submit: the first field in error). */
export function focusField(form: HTMLFormElement | null, name: string) {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
