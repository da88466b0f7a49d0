// The body deadline's arithmetic and which routes count as uploads.
import { describe, expect, it } from 'vitest';
import { bodyDeadline, isUploadRoute } from '../../src/server/http/request-deadline.js';

const limits = { requestTimeoutMs: 30_000, uploadMinBytesPerSecond: 32 * 1024 };

describe('bodyDeadline', () => {
  it('gives any other request the request timeout, however much it has sent', () => {
    const watch = { startedAt: 1000, bytesAtStart: 500, upload: false };
    expect(bodyDeadline(watch, 500, limits)).toBe(31_000);
    expect(bodyDeadline(watch, 500 + 10 * 1024 ** 2, limits)).toBe(31_000);
  });

  it('extends an upload by its bytes since admission at the minimum rate', () => {
    const watch = { startedAt: 1000, bytesAtStart: 500, upload: true };
    expect(bodyDeadline(watch, 500, limits)).toBe(31_000);
    // 1 GiB at 32 KiB/s: 32,768 s more
    expect(bodyDeadline(watch, 500 + 1024 ** 3, limits)).toBe(31_000 + 32_768_000);
    // bytes of an earlier request on the same keep-alive socket buy nothing
    expect(bodyDeadline(watch, 100, limits)).toBe(31_000);
  });
});

describe('isUploadRoute', () => {
  it('names job creation on any model, and nothing else', () => {
    expect(isUploadRoute('POST', '/tempo/v1/jobs')).toBe(true);
    expect(isUploadRoute('POST', '/acme-retail/v1/jobs?horizon=3&level=80')).toBe(true);
    expect(isUploadRoute('POST', '/tempo/v1/jobs/')).toBe(true);
    expect(isUploadRoute('GET', '/tempo/v1/jobs')).toBe(false);
    expect(isUploadRoute('POST', '/tempo/v1/forecast/batch')).toBe(false);
    expect(isUploadRoute('POST', '/v1/jobs')).toBe(false);
    expect(isUploadRoute('POST', '/tempo/v1/jobs/abc')).toBe(false);
    expect(isUploadRoute('POST', '/a/b/v1/jobs')).toBe(false);
    expect(isUploadRoute(undefined, undefined)).toBe(false);
  });
});
