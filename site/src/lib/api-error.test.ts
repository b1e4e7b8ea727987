import { describe, expect, it } from 'vitest';
import { ApiError, apiError, readApiError } from './api-error';

describe('apiError (the one reader of an API error body)', () => {
  it("keeps the server's message, code and issues", () => {
    const error = apiError(
      400,
      JSON.stringify({
        message: 'Invalid input',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'name', message: 'Required' }],
      }),
      'Failed to create product',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Invalid input',
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(error.issues).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it.each([
    ['a proxy page', '<html>Bad gateway</html>'],
    ['an empty body', ''],
    ['no body to read', undefined],
    ['JSON without a message', '{"code":"INTERNAL"}'],
    ['a message that is not text', '{"message":42}'],
    ['JSON that is not an object', '"oops"'],
  ])('falls back on %s', (_, text) => {
    const error = apiError(502, text, 'Failed to download the file');
    expect(error.message).toBe('Failed to download the file');
    expect(error.status).toBe(502);
    expect(error.issues).toEqual([]);
  });

  it('drops issues that are not { path, message }', () => {
    const text = JSON.stringify({
      message: 'Invalid input',
      issues: [{ path: 'sku', message: 'Taken' }, { path: 1, message: 'x' }, null, 'price'],
    });
    expect(apiError(400, text, 'x').issues).toEqual([{ path: 'sku', message: 'Taken' }]);
    expect(apiError(400, '{"message":"m","issues":"no"}', 'x').issues).toEqual([]);
  });

  it('reads a fetch answer', async () => {
    const res = Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    const error = await readApiError(res, 'Failed to download the file');
    expect(error).toMatchObject({ message: 'Not found', status: 404, code: 'NOT_FOUND' });
  });
});
