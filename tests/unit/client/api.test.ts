// The spec's error format for API calls, and how an unauthorized error is recognised.
import { describe, expect, it } from 'vitest';
import { ApiRequestError, isUnauthorizedError, throwIfNotOk } from '#client/lib/api.ts';

const response = (status: number, body: string, statusText = '') => new Response(body || null, { status, statusText });

describe('throwIfNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfNotOk(response(200, '{}'))).resolves.toBeUndefined();
  });

  it('throws "<status>: <body>" and keeps the server message', async () => {
    const error = await throwIfNotOk(response(413, '{"message":"Please sign in to upload files larger than 10MB"}')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('413: {"message":"Please sign in to upload files larger than 10MB"}');
    expect((error as ApiRequestError).serverMessage).toBe('Please sign in to upload files larger than 10MB');
  });

  it('exposes the machine-readable code and the rejected files, and null for a body without a code', async () => {
    const body = '{"message":"Please sign in to upload files larger than 10MB","code":"GUEST_FILE_TOO_LARGE","rejected":[{"filename":"a.png","message":"m","code":"GUEST_FILE_TOO_LARGE"}]}';
    const error = (await throwIfNotOk(response(413, body)).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.code).toBe('GUEST_FILE_TOO_LARGE');
    expect(error.rejected).toEqual([{ filename: 'a.png', message: 'm', code: 'GUEST_FILE_TOO_LARGE' }]);
    const proxy = (await throwIfNotOk(response(502, '<html>Bad Gateway</html>')).catch((e: unknown) => e)) as ApiRequestError;
    expect([proxy.code, proxy.rejected]).toEqual([null, null]);
    const unknown = (await throwIfNotOk(response(400, '{"message":"x","code":"MADE_UP"}')).catch((e: unknown) => e)) as ApiRequestError;
    expect(unknown.code).toBeNull();
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = (await throwIfNotOk(response(503, '', 'Service Unavailable')).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('503: Service Unavailable');
  });
});

describe('isUnauthorizedError', () => {
  it('recognises a message that begins with 401 and contains Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: {"message":"Unauthorized"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid email or password"}'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('goes by the code when the server sent one: a wrong password is a 401 but not an ended session', () => {
    const apiError = (code: string, message: string) => new ApiRequestError(401, JSON.stringify({ message, code }), `401: ${JSON.stringify({ message, code })}`);
    expect(isUnauthorizedError(apiError('UNAUTHENTICATED', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(apiError('BAD_CREDENTIALS', 'Invalid email or password'))).toBe(false);
  });
});
