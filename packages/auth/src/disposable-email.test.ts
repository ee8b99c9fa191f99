import { describe, expect, it } from 'vitest';
import { isDisposableEmail } from './disposable-email';

describe('isDisposableEmail', () => {
  it('knows throwaway-mail domains and their subdomains, any case', () => {
    expect(isDisposableEmail('farm1@mailinator.com')).toBe(true);
    expect(isDisposableEmail('farm2@Sub.MAILINATOR.com')).toBe(true);
  });

  it('leaves ordinary mail alone', () => {
    expect(isDisposableEmail('ada@gmail.com')).toBe(false);
    expect(isDisposableEmail('ada@example.com')).toBe(false);
    expect(isDisposableEmail('ada@e2e.example.com')).toBe(false);
  });
});
