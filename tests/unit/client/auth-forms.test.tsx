// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoginForm, RegisterForm } from '#client/components/auth/auth-forms.tsx';
import { MESSAGES } from '#contract/messages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('auth forms', () => {
  it('shows each sign-up validation message by its field and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    wrap(<RegisterForm onSuccess={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText(MESSAGES.invalidEmail).id);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves focus to the first field that failed, and clears the errors once the input is valid', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    wrap(<RegisterForm onSuccess={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Last Name')));
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).not.toBe('true');

    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.queryByText(MESSAGES.lastNameRequired)).toBeNull();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/register', expect.objectContaining({ method: 'POST' })));
  });

  it('uses the autocomplete hints', () => {
    wrap(<RegisterForm onSuccess={vi.fn()} />);
    expect(screen.getByLabelText('First Name').getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText('Last Name').getAttribute('autocomplete')).toBe('family-name');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
  });

  it('signs in with valid input and reads Signing in... while pending', async () => {
    let resolve!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    wrap(<LoginForm onSuccess={onSuccess} />);
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/login', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'ann@example.com', password: 'long enough' }) }));
    resolve(new Response(JSON.stringify({ id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', profileImageUrl: null, createdAt: '' })));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });
});
