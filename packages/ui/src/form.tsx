import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  FormProvider, useController, useForm, useFormState,
  type Control, type ControllerRenderProps, type FieldPath, type FieldValues, type SubmitErrorHandler, type SubmitHandler,
  type UseFormProps, type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Field, FormMessage, type FieldControlProps, type FieldProps } from './field';

/**
 * A form's state, validated by a zod schema: an input schema of the contracts, or one derived from
 * it for what only the browser checks (a confirmation, a typed word). Errors appear on submit and
 * stay until the field is edited: nothing is re-validated while the user is still typing.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ mode: 'onSubmit', reValidateMode: 'onSubmit', ...options, resolver: zodResolver(schema) });
}

export interface FormProps<Input extends FieldValues, Output> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<Output>;
  /** Called with the errors when the schema refused the values (before the first one is focused). */
  onInvalid?: SubmitErrorHandler<Input>;
}

/**
 * The form element of a `useZodForm` state: the schema decides, not the browser's own validation.
 * An error stays until the user edits its field, and that edit takes the form-level error with it.
 */
export function Form<Input extends FieldValues, Output>({ form, onSubmit, onInvalid, children, ...props }: FormProps<Input, Output>) {
  useEffect(() => {
    // The form-level error sits at `root`, beside the fields (react-hook-form's convention).
    const root = 'root' as FieldPath<Input>;
    const { unsubscribe } = form.watch((_values, { name, type }) => {
      // Only the user's edits: a value set by the code (a reset, an expired bot check) keeps what is shown.
      if (type !== 'change' || !name) return;
      if (form.getFieldState(name).error) form.clearErrors(name);
      if (form.getFieldState(root).error) form.clearErrors('root');
    });
    return unsubscribe;
  }, [form]);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...props}
        onSubmit={(event) => {
          // A submit belongs to its own form: React would bubble it through a portal (a dialog) to a
          // form around the dialog's trigger.
          event.stopPropagation();
          void form.handleSubmit(onSubmit, onInvalid)(event);
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** What a control needs from its field: value, change and blur handlers, the focus ref, and its ids. */
export type FormFieldControl<Values extends FieldValues, Name extends FieldPath<Values>> = ControllerRenderProps<Values, Name> &
  FieldControlProps;

export interface FormControllerProps<Values extends FieldValues, Name extends FieldPath<Values>, Output> {
  control: Control<Values, unknown, Output>;
  name: Name;
  render: (props: { field: ControllerRenderProps<Values, Name>; error: string | undefined }) => ReactNode;
}

/** One field of a `<Form>` laid out by the caller (a widget, a group): its value, handlers and error. */
export function FormController<Values extends FieldValues, Name extends FieldPath<Values>, Output>({
  control, name, render,
}: FormControllerProps<Values, Name, Output>) {
  const { field, fieldState } = useController({ control, name });
  return <>{render({ field, error: fieldState.error?.message })}</>;
}

export interface FormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Output> extends Omit<FieldProps, 'error' | 'children'> {
  control: Control<Values, unknown, Output>;
  name: Name;
  /** The control, e.g. `(field) => <Input {...field} />`. */
  render: (field: FormFieldControl<Values, Name>) => ReactNode;
}

/** A labelled control of a `<Form>` with its hint, status and error, in the look of `Field`. */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>, Output>({
  control, name, render, ...field
}: FormFieldProps<Values, Name, Output>) {
  const { field: controller, fieldState } = useController({ control, name });
  return (
    <Field {...field} error={fieldState.error?.message}>
      {(ids) => render({ ...controller, ...ids })}
    </Field>
  );
}

/** The form-level error: a refusal not tied to one field (`form.setError('root', ...)`, an issue at path `root`). */
export function FormError({ className }: { className?: string }) {
  const { errors } = useFormState();
  return <FormMessage className={className}>{errors.root?.message}</FormMessage>;
}
