// Sign In and Sign Up forms, validated on submit with the shared schemas.
import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { Loader2 } from 'lucide-react';
import { loginSchema, registerSchema } from '#contract/api';
import { useLogin, useRegister } from '#client/api/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { validate, type FieldErrors } from './validation';

/** Focuses the first field that failed, so keyboard and screen reader users land on the problem. */
function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
}

const formValues = <K extends string>(form: HTMLFormElement, fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, String(new FormData(form).get(f) ?? '')])) as Record<K, string>;

/** Validates the named fields with a shared schema on submit: errors by field and focus on the first, else onValid. */
function useSchemaForm<T, K extends string>(schema: ZodType<T>, fields: readonly K[], onValid: (data: T) => void) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const result = validate(schema, formValues(form, fields));
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    onValid(result.data);
  };
  return { errors, onSubmit };
}

function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}

const LOGIN_FIELDS = ['email', 'password'] as const;
const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin(onSuccess);
  const { errors, onSubmit } = useSchemaForm(loginSchema, LOGIN_FIELDS, (data) => login.mutate(data));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} placeholder="you@example.com" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
      <SubmitButton pending={login.isPending} label="Sign In" pendingLabel="Signing in..." />
    </form>
  );
}

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const register = useRegister(onSuccess);
  const { errors, onSubmit } = useSchemaForm(registerSchema, REGISTER_FIELDS, (data) => register.mutate(data));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" name="firstName" autoComplete="given-name" error={errors.firstName} />
        <Field label="Last Name" name="lastName" autoComplete="family-name" error={errors.lastName} />
      </div>
      <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} placeholder="you@example.com" />
      <Field label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
      <SubmitButton pending={register.isPending} label="Create Account" pendingLabel="Creating account..." />
    </form>
  );
}
