// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LookThumbnail } from './look-thumbnail';
import { PageHeader } from './page-header';
import { QueryError } from './query-error';

afterEach(cleanup);

describe('LookThumbnail', () => {
  it('shows the picture, and a described mark instead when it fails to load, until the source changes', () => {
    const view = render(<LookThumbnail src="/images/a.webp" alt="Casual look for women"><span>SEV-1</span></LookThumbnail>);
    const img = screen.getByRole('img', { name: 'Casual look for women' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('SEV-1')).toBeTruthy();
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Casual look for women (image unavailable)')).toBeTruthy();
    view.rerender(<LookThumbnail src="/images/b.webp" alt="Casual look for women" />);
    expect(screen.getByRole('img', { name: 'Casual look for women' }).getAttribute('src')).toBe('/images/b.webp');
  });

  it("lets the caller's frame classes win over its own", () => {
    const { container } = render(<LookThumbnail src="/a.webp" alt="a" className="rounded-lg aspect-square" />);
    const frame = container.firstElementChild!;
    expect(frame.className).toContain('rounded-lg');
    expect(frame.className).not.toContain('rounded-xl');
    expect(frame.className).not.toContain('aspect-[3/4]');
  });
});

describe('PageHeader', () => {
  it('is the labelled heading of its level, with its description and actions', () => {
    render(<PageHeader id="x-heading" title="Blocked Images" description="Kept for review." actions={<button type="button">Cleanup</button>} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Blocked Images' });
    expect(heading.id).toBe('x-heading');
    expect(screen.getByText('Kept for review.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cleanup' })).toBeTruthy();
    cleanup();
    render(<PageHeader id="y" title="Batch Generation" level={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Batch Generation' })).toBeTruthy();
  });
});

describe('QueryError', () => {
  const refusal = (message: string, appCode: string) => TRPCClientError.from({ error: { code: -32600, message, data: { appCode, httpStatus: 400 } } });

  it("shows the server's message or the fallback with Try again, and nothing for an expired session", () => {
    let retried = 0;
    const view = render(<QueryError error={new Error('boom')} fallback="Unable to load users." onRetry={() => retried++} />);
    expect(screen.getByText('Unable to load users.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
    view.rerender(<QueryError error={refusal('Too many requests.', 'rate_limited')} fallback="Unable to load users." onRetry={() => retried++} />);
    expect(screen.getByText('Too many requests.')).toBeTruthy();
    view.rerender(<QueryError error={refusal('Expired.', 'admin_unauthorized')} fallback="Unable to load users." onRetry={() => retried++} />);
    expect(view.container.innerHTML).toBe('');
  });
});
