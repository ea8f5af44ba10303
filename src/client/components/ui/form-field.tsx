import type { ReactNode } from "react";
import { Input, Textarea } from "./input";
import { Label } from "./label";

/**
 * The ids and states an input needs so that assistive technology reads its hint and its error with it; `also` names
 * further elements that describe it (a character count).
 */
export function describedBy(
  id: string,
  { hint, error, required, also }: { hint?: boolean; error?: boolean; required?: boolean; also?: string },
) {
  const ids = [hint ? `${id}-hint` : "", also ?? "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    id,
    ...(required ? { "aria-required": true } : {}),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids || undefined,
  };
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shows a star after the label; the input's aria-required says it to screen readers. */
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/** A label, the input, its hint and its error, with the ids `describedBy` gives the input. */
export function FormField({ id, label, required = false, hint, error, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-heart-700">
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A field's error under it, for fields laid out on their own (a field with tabs). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

type FieldFrame = Omit<FormFieldProps, "children">;

/**
 * A field of one kind of box (Input, Textarea): the label, hint and error around the box, tied to it by
 * `describedBy`; a starred (`required`) one is also marked required for screen readers.
 */
function fieldOf<BoxProps extends { id?: string }>(Box: (props: BoxProps) => ReactNode) {
  return function Field({
    id,
    label,
    required,
    hint,
    error,
    ...box
  }: FieldFrame & Omit<BoxProps, "id" | "required">) {
    return (
      <FormField id={id} label={label} required={required} hint={hint} error={error}>
        <Box
          // What is left is the box's own props; TypeScript does not follow a rest through the generic.
          {...(box as unknown as BoxProps)}
          {...describedBy(id, { hint: Boolean(hint), error: Boolean(error), required })}
        />
      </FormField>
    );
  };
}

/** A labelled one-line input with its hint and error. */
export const InputField = fieldOf(Input);

/** A labelled box of several lines with its hint and error. */
export const TextareaField = fieldOf(Textarea);
