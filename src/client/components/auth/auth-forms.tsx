// Sign In and Sign Up forms, validated on submit with the shared schemas.
import { useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { loginSchema, registerSchema } from '../../../contract/api';
import { useLogin, useRegister } from '../../lib/use-auth';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { validate, type FieldErrors } from './validation';

type LoginField = 'email' | 'password';
type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';

/** Focuses the first field that failed, so keyboard and screen reader users land on the problem. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
}

const formValues = <K extends string>(form: HTMLFormElement, fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, String(new FormData(form).get(f) ?? '')])) as Record<K, string>;

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const login = useLogin(onSuccess);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = validate(loginSchema, formValues(e.currentTarget, ['email', 'password'] as const));
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    login.mutate(result.data);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in">
      <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} placeholder="you@example.com" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const register = useRegister(onSuccess);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = validate(registerSchema, formValues(e.currentTarget, ['firstName', 'lastName', 'email', 'password'] as const));
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    register.mutate(result.data);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" name="firstName" autoComplete="given-name" error={errors.firstName} />
        <Field label="Last Name" name="lastName" autoComplete="family-name" error={errors.lastName} />
      </div>
      <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} placeholder="you@example.com" />
      <Field label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
