import { describe, expect, it } from 'vitest';
import { buttonClasses } from './button';
import { cn } from './class-names';

const classes = (value: string) => value.split(/\s+/);

describe('cn', () => {
  it('lets a later utility of the same property replace an earlier one', () => {
    expect(cn('px-4 text-ink', 'px-2 text-danger')).toBe('px-2 text-danger');
  });

  it("gives the showcase's Remove from LookBook button its own padding and colour over the size's and the variant's", () => {
    // showcase-page.tsx: <Button variant="ghost" size="sm" className="px-2 text-danger">.
    const c = classes(buttonClasses({ variant: 'ghost', size: 'sm', className: 'px-2 text-danger' }));
    expect(c).toContain('px-2');
    expect(c).toContain('text-danger');
    expect(c).not.toContain('px-4');
    expect(c).not.toContain('text-ink');
  });

  it('keeps utilities of different properties, and knows the theme radius and shadows', () => {
    expect(cn('text-sm text-ink h-9 w-full')).toBe('text-sm text-ink h-9 w-full');
    expect(cn('rounded-full shadow-sm', 'rounded-card shadow-soft')).toBe('rounded-card shadow-soft');
    expect(cn('shadow-soft', 'shadow-ink/10')).toBe('shadow-soft shadow-ink/10');
    expect(cn('font-display', 'font-medium')).toBe('font-display font-medium');
  });

  it('still takes conditional values the way clsx does', () => {
    expect(cn('a', false, undefined, { b: true, c: false }, ['d'])).toBe('a b d');
  });
});
