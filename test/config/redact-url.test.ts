import { describe, it, expect } from 'vitest';
import { redactUrl } from '../../src/config/redact-url.js';

describe('redactUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactUrl('redis://:hunter2@127.0.0.1:6379/0')).toBe('redis://:***@127.0.0.1:6379/0');
    expect(redactUrl('postgres://u:p%40ss@h:5432/db')).toBe('postgres://u:***@h:5432/db');
  });
  it('leaves a URL without a password as it is', () => {
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
  });
  it('never echoes an unparseable value, which may hold a secret', () => {
    expect(redactUrl('not a url with secret')).toBe('(unparseable URL)');
  });
});
