import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import zhCN from 'zod/v4/locales/zh-CN.js';
import { ApiError } from '@/shared/api';

// Chinese default messages for every zod check on the client too.
z.config(zhCN());

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** First message per field of a zod error, in the schema's field order. */
export function zodFieldErrors<T>(error: z.core.$ZodError): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<T>;
}

/**
 * Minimal form state: values, per-field errors from zod on submit and from the server's 422
 * `error_fields`. Editing a field clears its error.
 */
export function useZodForm<S extends z.ZodMiniObject>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setField = useCallback(<K extends keyof Values & string>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }, []);

  /** Returns the parsed values, or null after showing the errors. */
  const validate = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(zodFieldErrors<Values>(result.error));
    return null;
  }, [schema, values]);

  const applyServerError = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.fieldErrors.length) {
      const next: Record<string, string> = {};
      for (const f of error.fieldErrors) if (!(f.field in next)) next[f.field] = f.message;
      setErrors(next as FieldErrors<Values>);
    }
  }, []);

  /** Shows one error next to one field (e.g. the send-code button's "phone not valid yet"). */
  const setFieldError = useCallback((key: keyof Values & string, message: string) => {
    setErrors((e) => ({ ...e, [key]: message }));
  }, []);

  /** value / error / onChange for one text field: `<TextInput {...form.bind('phone')} />`. */
  const bind = useCallback(
    <K extends StringKeys<Values>>(key: K): BoundTextField =>
      textFieldBinder(values as Record<K, string>, errors as Partial<Record<K, string>>, setField as (key: K, value: string) => void)(key),
    [values, errors, setField],
  );

  return { values, setValues, setField, errors, setErrors, setFieldError, validate, applyServerError, bind };
}

/** The keys of T whose values are strings (the ones a text input can bind to). */
export type StringKeys<T> = { [K in keyof T & string]: T[K] extends string ? K : never }[keyof T & string];

/** What `bind` / `textFieldBinder` give an input. onChange takes an input event or a plain string. */
export interface BoundTextField {
  value: string;
  error: string | undefined;
  onChange: (e: string | { currentTarget: { value: string } }) => void;
}

/**
 * Props binding a text input to one field of a form: value, error and onChange. The same three
 * lines every form would otherwise repeat per input.
 */
export function textFieldBinder<K extends string>(
  values: Record<K, string>,
  errors: Partial<Record<K, string>>,
  setField: (key: K, value: string) => void,
) {
  return (key: K): BoundTextField => ({
    value: values[key],
    error: errors[key],
    onChange: (e) => setField(key, typeof e === 'string' ? e : e.currentTarget.value),
  });
}
